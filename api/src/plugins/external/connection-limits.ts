import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { ConnectionsConfig } from '../../config';
import { addressGroup } from '../../http/address-group';

/**
 * Caps the connections one client address holds open, so that a few slow or idle clients cannot
 * use up the server's sockets. The address is the peer's, not X-Forwarded-For: behind a proxy,
 * the proxy is the one peer and should carry its own limits (set 0 there). Sockets beyond the cap
 * are closed before a byte is read.
 */
export const connectionLimitsPlugin = fp<{ connections: ConnectionsConfig }>(
  async (app, { connections }) => {
    const { server } = app;
    server.headersTimeout = connections.headersTimeoutMs;
    server.requestTimeout = connections.requestTimeoutMs;
    server.keepAliveTimeout = connections.keepAliveTimeoutMs;
    if (connections.maxPerAddress === 0) return;

    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      // An IPv6 client counts as its /64 (addressGroup).
      const address = addressGroup(socket.remoteAddress ?? 'unknown');
      const count = (open.get(address) ?? 0) + 1;
      if (count > connections.maxPerAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  },
  { name: 'connection-limits' },
);
