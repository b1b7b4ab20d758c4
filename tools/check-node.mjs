// Every project command must run on the pinned Node 24 (shipped by the `node` devDependency).
// npm scripts put node_modules/.bin first on PATH; if its install script was skipped we would silently run the system Node.
if (!process.version.startsWith('v24.')) {
  console.error(
    `AgentLoom needs Node 24 for project commands but this is ${process.version}. ` +
      'Run commands through npm scripts (npm run …) after `npm install`, which installs Node 24 from the `node` package.',
  );
  process.exit(1);
}
