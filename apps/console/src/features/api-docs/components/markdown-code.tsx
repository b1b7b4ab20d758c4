/** Text whose `backticked` parts are code, as the OpenAPI descriptions write them. */
export function MarkdownCode({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, index) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
          <code key={index} className="rounded bg-zinc-100 px-1 font-mono text-[0.85em] dark:bg-zinc-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
