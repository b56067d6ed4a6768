import type { FastifyInstance, HTTPMethods } from 'fastify';

interface KnownRoute {
  pattern: RegExp;
  methods: readonly string[];
}

/**
 * The methods each route of an app answers, learnt from Fastify as the routes are added, so that a
 * request with another method can be told `405 Method Not Allowed` and which methods to use
 * (`Allow`), rather than `404 Cannot GET` for a path that exists.
 */
export class RouteMethods {
  private readonly routes: KnownRoute[] = [];

  /** Follows the routes `fastify` adds from now on; call it before the app registers its routes. */
  follow(fastify: FastifyInstance): this {
    fastify.addHook('onRoute', ({ url, method }) => {
      this.routes.push({ pattern: urlPattern(url), methods: methodsOf(method) });
    });
    return this;
  }

  /** The methods some route answers at `url` (its query string ignored), sorted; empty when none. */
  allowed(url: string): string[] {
    const path = url.split('?', 1)[0];
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
    }
    return [...methods].sort();
  }
}

function methodsOf(method: HTTPMethods | HTTPMethods[]): string[] {
  return (Array.isArray(method) ? method : [method]).map((name) => name.toUpperCase());
}

/** A Fastify route path as a pattern: `:name` is one path segment, `*` anything. */
function urlPattern(url: string): RegExp {
  const source = url
    .split(/(:[^/]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}
