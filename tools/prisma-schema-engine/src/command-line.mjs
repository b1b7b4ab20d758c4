/**
 * Parses the arguments the Prisma CLI passes to a native schema engine:
 *   --datamodels <file>… [--datasource <json>] [--enabled-preview-features a,b] [--extension-types <json>]
 *   [cli can-connect-to-database|create-database|drop-database]
 */
export function parseCommandLine(argumentList) {
  const result = { datamodelPaths: [], datasource: undefined, oneShotCommand: undefined };
  for (let index = 0; index < argumentList.length; index++) {
    const argument = argumentList[index];
    if (argument === '--datamodels' || argument === '-d' || argument === '--datamodel') {
      // structopt accepts several values after one flag; the CLI repeats the flag per file.
      while (index + 1 < argumentList.length && !argumentList[index + 1].startsWith('-') && argumentList[index + 1] !== 'cli') {
        result.datamodelPaths.push(argumentList[++index]);
      }
    } else if (argument === '--datasource') {
      result.datasource = JSON.parse(argumentList[++index]);
    } else if (argument === '--enabled-preview-features' || argument === '--extension-types') {
      // The WASM engine reads preview features from the schema itself; extension types are unused on Postgres.
      index++;
    } else if (argument === 'cli') {
      result.oneShotCommand = argumentList[++index];
    } else if (argument === '--version' || argument === '-V') {
      result.oneShotCommand = 'version';
    } else {
      throw new Error(`Unknown schema engine argument: ${argument}`);
    }
  }
  return result;
}
