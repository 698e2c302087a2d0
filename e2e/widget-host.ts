import { test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { baseURL } from './playwright.config';

const hostTemplate = readFileSync(path.join(__dirname, 'fixtures', 'widget-host.html'), 'utf8');

/**
 * A business's own site on another origin than Parley's, with the widget's <script> tag in it
 * (each worker of the calling spec serves its own, on a free port). Returns the shop page's URL
 * for a workspace.
 */
export function serveWidgetHost(): (workspaceId: string) => string {
  let host: Server | undefined;
  let hostOrigin = '';

  test.beforeAll(async () => {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== '/shop.html') {
        response.writeHead(404).end();
        return;
      }
      const page = hostTemplate
        .replaceAll('{{apiOrigin}}', baseURL)
        .replaceAll('{{workspaceId}}', url.searchParams.get('workspaceId') ?? '');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    host = server;
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('The shop page is not served');
    hostOrigin = `http://localhost:${address.port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  return (workspaceId) => `${hostOrigin}/shop.html?workspaceId=${workspaceId}`;
}

/** Opens the widget on a shop page: its window, the conversation's log and the message box. */
export async function openShopChat(customer: Page, url: string) {
  await customer.goto(url);
  await customer.getByRole('button', { name: 'Open chat' }).click();
  const chat = customer.frameLocator('iframe[title="Chat"]');
  return {
    chat,
    log: chat.getByRole('log', { name: 'Conversation' }),
    text: chat.getByRole('textbox', { name: 'Message' }),
  };
}
