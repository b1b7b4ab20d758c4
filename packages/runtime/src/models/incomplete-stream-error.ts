/** The reply stream ended cleanly but without the provider's finish event: the reply is incomplete. */
export class IncompleteStreamError extends Error {
  override readonly name = 'IncompleteStreamError';

  constructor() {
    super('The model stream ended without a finish event');
  }
}
