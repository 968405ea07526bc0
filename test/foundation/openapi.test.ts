import { expect } from 'chai';
import SwaggerParser from '@apidevtools/swagger-parser';
import { api, harness } from '../helpers/harness.js';

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every public route the server mounts', async () => {
    const r = await api('GET', '/openapi.json');
    expect(r.status).to.equal(200);
    const doc = r.body;
    await SwaggerParser.validate(structuredClone(doc));
    expect(doc.openapi).to.match(/^3\./);
    const h = await harness();
    // Every mounted Express route that is not internal is documented, with its method.
    const mounted: string[] = [];
    const stack = (h.server.server.listeners('request')[0] as any).router.stack as any[];
    for (const layer of stack) {
      const walk = (l: any) => {
        if (l.route) {
          for (const m of Object.keys(l.route.methods)) mounted.push(`${m} ${l.route.path}`);
        } else if (l.handle?.stack) l.handle.stack.forEach(walk);
      };
      walk(layer);
    }
    const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const publicMounted = mounted.filter((m) => !m.includes('/internal/'));
    expect(publicMounted.length).to.be.greaterThan(3);
    expect(documented.sort()).to.deep.equal(publicMounted.sort());
    expect(doc.paths['/healthz'].get.security).to.deep.equal([]);
    expect(doc.paths['/v1/me'].get.security).to.equal(undefined); // the global bearer requirement applies
  });
});
