import type { ToolResult } from '../contracts/tool';
import { cutJsonDepth, findTooDeepJson, maximumJsonDepth } from '../util/json-depth';
import { storableJson, storableText } from '../util/storable-text';

/** Default cap on a tool's stored output (content plus serialized data): 256 KiB. */
export const defaultToolOutputMaxBytes = 256 * 1024;

/** The smallest cap that still leaves room for the truncation note and some content. */
export const minimumToolOutputMaxBytes = 1024;

const encoder = new TextEncoder();

/** UTF-8 size of a string; lone surrogates count as the 3 bytes of the replacement character they encode to. */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/**
 * A tool result the host can store, that fits `maxBytes`, with `outputBytes` set to the size of the
 * tool's full output (UTF-8 bytes of `content` plus of `JSON.stringify(data)`).
 *
 * Storable first: NUL (U+0000) and lone UTF-16 surrogates in `content`, and in the strings and
 * object keys of `data`, become U+FFFD (see `util/storable-text`). Postgres cannot store either, and
 * a result the ledger cannot write would fail a run whose call did return — and mark that call's
 * outcome unknown. Doing it here, before the hooks see the result, means the model, the ledger, the
 * transcript and the events all read the same text. `outputBytes` counts the repaired text (a NUL
 * is 1 byte, its U+FFFD 3), so the cap holds for what is stored.
 *
 * Within the cap the result is returned as it was (repaired). Beyond it the content keeps its
 * longest prefix that fits — cut at a character boundary, never inside a surrogate pair or a
 * multi-byte character — followed by a note the model reads
 * (`[truncated: 5,242,880 bytes, showing first 261,921]`); structured `data` is kept when it is small (a
 * quarter of the cap at most), otherwise dropped (the model reads `content`, never `data`).
 * Nothing the ledger or the transcript stores from the result can then exceed the cap.
 */
export function boundToolOutput(result: ToolResult, maxBytes: number): ToolResult & { outputBytes: number } {
  const { result: storable, dataText } = storableResult(result);
  const contentBytes = utf8Bytes(storable.content);
  const dataBytes = dataText === undefined ? 0 : utf8Bytes(dataText);
  const outputBytes = contentBytes + dataBytes;
  if (outputBytes <= maxBytes) return { ...storable, outputBytes };
  // Small structured data (a quarter of the cap at most) stays beside the cut content; larger data
  // is dropped. The note's digits depend on the kept size; reserving the widest note keeps the
  // total in bounds.
  const keepData = dataText !== undefined && dataBytes <= maxBytes / 4;
  const widestNote = truncationNote(outputBytes, maxBytes);
  const kept = prefixWithinBytes(storable.content, Math.max(0, maxBytes - utf8Bytes(widestNote) - (keepData ? dataBytes : 0)));
  const content = `${kept}${truncationNote(outputBytes, utf8Bytes(kept))}`;
  return {
    content,
    ...(storable.isError ? { isError: true } : {}),
    ...(keepData ? { data: storable.data } : {}),
    outputBytes,
  };
}

/** `result` with storable content and data (the same object when it already was), and its data's JSON text. */
function storableResult(result: ToolResult): { result: ToolResult; dataText: string | undefined } {
  const content = storableText(result.content);
  // Data comes from outside (an MCP server's structuredContent, a parsed reply): nested thousands deep,
  // the first recursive walk of it (JSON.stringify below, a freeze, a jsonb write) would overflow the
  // stack and fail the run. It is kept cut at the depth every JSON input has (ADR 0010).
  const data = storableJson(findTooDeepJson(result.data) === undefined ? result.data : cutJsonDepth(result.data, maximumJsonDepth - 1));
  if (content === result.content && data.value === result.data) return { result, dataText: data.json };
  return { result: { ...result, content, ...(result.data === undefined ? {} : { data: data.value }) }, dataText: data.json };
}

function truncationNote(outputBytes: number, shownBytes: number): string {
  return `\n[truncated: ${outputBytes.toLocaleString('en-US')} bytes, showing first ${shownBytes.toLocaleString('en-US')}]`;
}

/**
 * The longest prefix of `text` whose UTF-8 encoding fits `maxBytes`, ending on a whole character:
 * a high surrogate is never kept without its low half.
 */
export function prefixWithinBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    const isPair = code >= 0xd800 && code <= 0xdbff && end + 1 < text.length && isLowSurrogate(text.charCodeAt(end + 1));
    const width = isPair ? 4 : code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    if (bytes + width > maxBytes) break;
    bytes += width;
    end += isPair ? 2 : 1;
  }
  return text.slice(0, end);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
