import type { ToolResult } from '../contracts/tool';

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
 * A tool result that fits `maxBytes`, with `outputBytes` set to the size of the tool's full output
 * (UTF-8 bytes of `content` plus of `JSON.stringify(data)`). Within the cap it is returned as it
 * was. Beyond it the content keeps its longest prefix that fits — cut at a character boundary,
 * never inside a surrogate pair or a multi-byte character — followed by a note the model reads
 * (`[truncated: 5,242,880 bytes, showing first 261,921]`); structured `data` is kept when it is small (a
 * quarter of the cap at most), otherwise dropped (the model reads `content`, never `data`).
 * Nothing the ledger or the transcript stores from the result can then exceed the cap.
 */
export function boundToolOutput(result: ToolResult, maxBytes: number): ToolResult & { outputBytes: number } {
  const contentBytes = utf8Bytes(result.content);
  const dataText = result.data === undefined ? undefined : JSON.stringify(result.data);
  const dataBytes = dataText === undefined ? 0 : utf8Bytes(dataText);
  const outputBytes = contentBytes + dataBytes;
  if (outputBytes <= maxBytes) return { ...result, outputBytes };
  // Small structured data (a quarter of the cap at most) stays beside the cut content; larger data
  // is dropped. The note's digits depend on the kept size; reserving the widest note keeps the
  // total in bounds.
  const keepData = dataText !== undefined && dataBytes <= maxBytes / 4;
  const widestNote = truncationNote(outputBytes, maxBytes);
  const kept = prefixWithinBytes(result.content, Math.max(0, maxBytes - utf8Bytes(widestNote) - (keepData ? dataBytes : 0)));
  const content = `${kept}${truncationNote(outputBytes, utf8Bytes(kept))}`;
  return {
    content,
    ...(result.isError ? { isError: true } : {}),
    ...(keepData ? { data: result.data } : {}),
    outputBytes,
  };
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
