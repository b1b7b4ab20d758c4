#!/usr/bin/env node
// `prisma` with our WASM-backed schema engine, so every CLI command works without access to
// Prisma's binary host. Arguments and exit code pass through unchanged. See ../README.md.
import { runPrisma } from '../src/prisma-command.mjs';

const { exitCode } = await runPrisma(process.argv.slice(2));
process.exitCode = exitCode;
