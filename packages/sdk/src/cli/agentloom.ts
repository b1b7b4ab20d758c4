#!/usr/bin/env node
// The `agentloom` command. Node ≥ 22.18 runs this TypeScript file directly (type stripping), so
// `npx agentloom …` needs no build step.
import { runCli } from './run-cli.ts';

process.exitCode = await runCli(process.argv.slice(2), process.env, { stdout: process.stdout, stderr: process.stderr });
