// Sound for the demo media: each voice is an ffmpeg expression of t; `detune` makes the right
// channel differ a little from the left, which gives width without a reverb.

export const hz = (midi) => (440 * 2 ** ((midi - 69) / 12)).toFixed(3);

/**
 * `values[index]` as an ffmpeg expression: a binary tree of ifs, so that a 40-note sequence costs
 * six comparisons per sample rather than forty (expressions are evaluated 44 100 times a second).
 */
export function pick(values, index, from = 0, to = values.length) {
  if (to - from === 1) return String(values[from]);
  const mid = (from + to) >> 1;
  return `if(lt(${index},${mid}),${pick(values, index, from, mid)},${pick(values, index, mid, to)})`;
}

/**
 * A sequence of plucked notes (one per `step` seconds from `from`, looping; null is a rest), with
 * a soft attack and a decay that has died away by the next step, so note changes never click.
 */
export function pluck({ notes, step, decay, amp, overtones = [0.3], detune = 1, from = 0 }) {
  const local = `mod(t-${from},${step})`;
  const index = `mod(floor((t-${from})/${step}),${notes.length})`;
  // The note's frequency is computed once per sample into variable 0 (st/ld), then reused.
  const f = `${pick(
    notes.map((n) => (n === null ? 0 : hz(n))),
    index,
  )}*${detune}`;
  const gain = notes.includes(null) ? `*gt(ld(0),0)` : '';
  const tone = [`sin(2*PI*ld(0)*t)`, ...overtones.map((o, i) => `${o}*sin(${2 * (i + 2)}*PI*ld(0)*t)`)].join('+');
  return `(st(0,${f});${amp}*gte(t,${from})*(${tone})*exp(-${decay}*${local})*min(1,${local}*250)${gain})`;
}

/** Sustained chords, one per `seg` seconds; each fades in and out so a change never clicks. */
export function pad({ chords, seg, amp, detune = 1 }) {
  const local = `mod(t,${seg})`;
  const index = `mod(floor(t/${seg}),${chords.length})`;
  const env = `min(1,${local}/0.7)*min(1,(${seg}-${local})/0.5)`;
  const voices = chords[0].map((_, j) => {
    const f = `${pick(
      chords.map((c) => hz(c[j])),
      index,
    )}*${detune}`;
    return `(st(0,${f});sin(2*PI*ld(0)*t)+0.5*sin(2*PI*ld(0)*1.004*t)+0.12*sin(4*PI*ld(0)*t))`;
  });
  return `${amp}*${env}*(${voices.join('+')})`;
}

/** A kick drum: a sine whose pitch drops fast, every `every` seconds from `from`. */
export function kick({ every, amp, from = 0 }) {
  const l = `mod(t-${from},${every})`;
  return `${amp}*gte(t,${from})*sin(2*PI*(42+90*exp(-30*${l}))*${l})*exp(-9*${l})`;
}

/** Both channels of an aevalsrc from a voice builder called with a detune factor. */
export const stereo = (voices) => `${voices(1)}|${voices(1.003)}`;
export const aeval = (exprs, d) => `aevalsrc=exprs='${exprs}':s=44100:c=stereo:d=${d}`;

/** A noise bed (hats, wind, surf), shaped by `filters`, as a stereo stream. Seeded: rebuilds are identical. */
export const noise = (colour, amp, filters, d) =>
  `anoisesrc=c=${colour}:a=${amp}:r=44100:d=${d}:seed=1,${filters},pan=stereo|c0=c0|c1=c0`;
