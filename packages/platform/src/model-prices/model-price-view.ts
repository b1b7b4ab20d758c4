/** A tenant's price of one provider's model, in US dollars per million tokens (ADR 0057). */
export interface ModelPriceView {
  provider: string;
  model: string;
  inputUsdPerMillion: number;
  outputUsdPerMillion: number;
  cachedInputUsdPerMillion: number | null;
  updatedAt: string;
}
