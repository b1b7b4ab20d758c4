/**
 * Collects a child's output up to a byte limit and keeps counting beyond it, so the result
 * can say how much was dropped. The child keeps being drained: a full pipe would block it.
 */
export class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private keptBytes = 0;
  private droppedBytes = 0;

  constructor(private readonly maximumBytes: number) {}

  append(chunk: Buffer): void {
    const room = this.maximumBytes - this.keptBytes;
    if (room > 0) {
      const kept = chunk.subarray(0, room);
      this.chunks.push(kept);
      this.keptBytes += kept.length;
    }
    this.droppedBytes += Math.max(0, chunk.length - Math.max(0, room));
  }

  get truncated(): boolean {
    return this.droppedBytes > 0;
  }

  /** The kept bytes as UTF-8 text, without any note. */
  keptText(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  /** The kept text, with a note saying how many bytes were cut when the limit was hit. */
  text(): string {
    const text = this.keptText();
    return this.truncated ? `${text}\n[output truncated: ${this.droppedBytes} more bytes not shown]` : text;
  }
}
