import yoctoSpinner from 'yocto-spinner';

import { writeLine, type CliOutput } from './cli-context.ts';

/** A spinner with a status text on an interactive terminal; on a pipe or in CI, nothing but the logged lines. */
export interface ProgressLine {
  update(text: string): void;
  /** A permanent line on stdout (above the spinner when there is one). */
  log(line: string): void;
  stop(): void;
}

export function progressLine(output: CliOutput, text: string): ProgressLine {
  const interactive = Boolean(output.stderr.isTTY) && !('CI' in process.env);
  if (!interactive) return { update: () => undefined, log: (line) => writeLine(output.stdout, line), stop: () => undefined };
  const spinner = yoctoSpinner({ text, stream: output.stderr as NodeJS.WriteStream }).start();
  return {
    update: (next) => {
      spinner.text = next;
    },
    log: (line) => writeLine(output.stdout, line),
    stop: () => {
      spinner.stop();
    },
  };
}
