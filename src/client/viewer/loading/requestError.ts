// The text of a failed output request, shared by the main thread and the decoding workers: the API's
// error description where the answer carries one ({title, description, status}), else the status.

/** The message of a failed request: the API's description where it sent one, else the status. */
export async function failedRequestMessage(response: Response, what: string): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  if (body && typeof body === 'object') {
    const { description, title } = body as { description?: unknown; title?: unknown };
    if (typeof description === 'string' && description) return description;
    if (typeof title === 'string' && title) return title;
  }
  return `${what}: HTTP ${response.status}`;
}
