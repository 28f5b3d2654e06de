// New identifiers of the setup document's entities, apart from the identifier schemas (entity.ts) so that
// the document's constructors (setupDefaults.ts) load no zod.

/** New random identifier; crypto.randomUUID exists in Node and in every secure browser context. */
export function createEntityId(): string {
  return globalThis.crypto.randomUUID();
}
