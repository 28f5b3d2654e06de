// Usage & Budget: the credit transactions (JSON pages, or all of them as credit_transactions.csv when the
// client accepts text/csv) and the consumption history for the chart.
import { z } from 'zod';
import { CREDIT_TRANSACTIONS_CSV, creditHistoryQuerySchema, creditHistorySchema, creditSequencePageSchema, creditSequenceQuerySchema } from '../../domain/creditQueries.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { creditHistory, creditSequencesCsv, listCreditSequences } from './credits.service.ts';
import { bearer, errorResponses } from '../platform/http/routes.ts';
import type { RunRoutes } from '../runs/runs.routes.ts';

export const creditRoutes: RunRoutes = async (app, { runs }) => {
  const tags = ['credits'];
  const { db } = runs.services;

  app.get(
    '/credits/sequences',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Credit transactions: search q, startDate, pages, order (date, credits, simulationHours, kind, simulationName); text/csv downloads all',
        querystring: creditSequenceQuerySchema,
        response: {
          200: { description: 'A page of transactions, or the CSV file', content: { 'application/json': { schema: creditSequencePageSchema }, 'text/csv': { schema: z.string() } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const wantsCsv = (request.headers.accept ?? '').includes('text/csv');
      if (!wantsCsv) return reply.send(await listCreditSequences(db, auth, request.query));
      const page = await listCreditSequences(db, auth, { ...request.query, pageLimit: -1, pageNumber: 1 });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${CREDIT_TRANSACTIONS_CSV}"`)
        .send(creditSequencesCsv(page));
    },
  );

  app.get(
    '/credits/history',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Credits consumed per day, week or month and credit sequence (userId: runs started by that user)',
        querystring: creditHistoryQuerySchema,
        response: { 200: creditHistorySchema, ...errorResponses },
      },
    },
    async (request) => creditHistory(db, authOf(request), request.query),
  );
};
