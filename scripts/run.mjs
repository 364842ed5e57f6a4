import { spawn } from 'node:child_process';

/**
 * Runs a command and resolves with its exit code (never rejects). Output is inherited unless
 * `options.stdio` pipes it, in which case every chunk of stdout and stderr goes to `onOutput`.
 */
export function run(command, args, options = {}, onOutput = undefined) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    if (onOutput) {
      child.stdout?.on('data', onOutput);
      child.stderr?.on('data', onOutput);
    }
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    // Piped output can still be in flight at exit, but a grandchild holding the pipe must not
    // hold the run: wait for the streams to close for at most 2 s.
    child.on('exit', (code, signal) => {
      const result = code ?? (signal ? 1 : 0);
      const timer = setTimeout(() => resolve(result), 2000);
      child.on('close', () => {
        clearTimeout(timer);
        resolve(result);
      });
    });
  });
}
