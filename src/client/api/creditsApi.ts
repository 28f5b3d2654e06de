// Calls of the Usage & Budget page: a page of credit transactions, all of them as credit_transactions.csv,
// and the consumption history for the chart.
import { API_PREFIX } from '../../domain/api.ts';
import { creditHistorySchema, creditSequencePageSchema, type CreditHistoryGroup, type CreditSequenceOrder } from '../../domain/creditQueries.ts';
import type { CreditHistoryEntry, CreditSequence } from '../../domain/credits.ts';
import { apiErrorFromResponse } from '../../domain/errors.ts';
import type { Paginated } from '../../domain/api.ts';
import { buildQueryString, type ApiClient, type TokenSource } from './ApiClient.ts';

export interface CreditSequenceListQuery {
  q?: string;
  startDate?: string;
  pageLimit: number;
  pageNumber: number;
  orderBy: CreditSequenceOrder;
  asc: boolean;
}

export function listCreditSequences(api: ApiClient, query: CreditSequenceListQuery, signal?: AbortSignal): Promise<Paginated<CreditSequence>> {
  return api.get('/credits/sequences', creditSequencePageSchema, { ...query }, signal);
}

/** Every transaction matching the search, in the table's order, as the server writes the CSV. */
export async function fetchCreditSequencesCsv(tokens: TokenSource, query: Omit<CreditSequenceListQuery, 'pageLimit' | 'pageNumber'>): Promise<Blob> {
  const token = await tokens.getAccessToken();
  if (!token) throw new Error('You need to sign in to use Surge.');
  const response = await fetch(`${API_PREFIX}/credits/sequences${buildQueryString({ ...query, pageLimit: -1 })}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw apiErrorFromResponse(response.status, body, 200) ?? new Error(`The download failed (${response.status}).`);
  }
  return response.blob();
}

export interface CreditHistoryListQuery {
  startDate: string;
  endDate: string;
  groupBy: CreditHistoryGroup;
  userId?: string;
}

export async function getCreditHistory(api: ApiClient, query: CreditHistoryListQuery): Promise<CreditHistoryEntry[]> {
  return (await api.get('/credits/history', creditHistorySchema, { ...query })).results;
}
