/**
 * The end screen's machine as the entry of its own chunk, which player-logic.ts imports once the
 * programme is known. The entry sits here, beside the player screen, rather than at the machine:
 * the bundler meets lazy entries in the order of their paths, and one under src/machines, met
 * before src/main.tsx, moved xstate within the framework chunk, which then gzipped 0.4 kB worse
 * on every page.
 */
export { endScreenMachine } from '../../machines/watching/end-screen.machine';
