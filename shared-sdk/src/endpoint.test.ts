import { callWith, endpointRequest } from './endpoint';
import type { ApiClient } from './api-client';
import { siteEndpoints } from './endpoints/site';
import { ticketEndpoints } from './endpoints/tickets';
import { workspaceEndpoints } from './endpoints/workspaces';
import type { Ticket } from './schemas/tickets';

function recordingClient(answer: unknown) {
  const requests: unknown[][] = [];
  const client = {
    request: (...args: unknown[]) => {
      requests.push(args);
      return Promise.resolve(answer);
    },
  } as unknown as ApiClient;
  return { client, requests };
}

describe('endpoints', () => {
  it('sends the input as the JSON body of a write, with the definition’s method and path', async () => {
    const { client, requests } = recordingClient({ id: 't1' });
    const ticket: Ticket = await callWith(client, ticketEndpoints.update, {
      workspaceId: 'w1',
      ticketId: 't1',
      assigneeId: null,
    });
    expect(ticket).toEqual({ id: 't1' });
    expect(requests).toEqual([
      ['PATCH', '/api/user/tickets', { workspaceId: 'w1', ticketId: 't1', assigneeId: null }],
    ]);
  });

  it('sends a GET’s input as its query string', () => {
    expect(endpointRequest(workspaceEndpoints.isAdmin, { workspaceId: 'w 1' })).toEqual({
      method: 'GET',
      path: '/api/user/is-admin?workspaceId=w%201',
    });
  });

  it('fills path parameters in, encoded, and does not send them again', () => {
    expect(endpointRequest(siteEndpoints.newsArticle, { slug: 'a/b' })).toEqual({
      method: 'GET',
      path: '/api/news/a%2Fb',
      body: undefined,
    });
    expect(() => endpointRequest(siteEndpoints.newsArticle, {})).toThrow(
      'needs the parameter slug',
    );
  });

  it('sends no body for a call without one', () => {
    expect(endpointRequest(siteEndpoints.newsList)).toEqual({
      method: 'GET',
      path: '/api/news',
      body: undefined,
    });
  });
});
