// @ts-check
// The built widget over a simulated line, for the pages that load it from /__line/<line>/dist/widget/...: the same
// files as /dist/widget/, under URLs of their own (a page's module map and the browser's cache never hold them from
// another page), with the details form's chunk and English's words for it held back on a slow line or refused on
// a broken one. Everything else passes as it is.

const FORM_CHUNK = /\/opi-checkout-(en-)?form-[\w-]+\.js$/;

/** How long a slow line holds the form's chunk: long past the session read, which is not held. */
export const SLOW_LINE_MS = 1500;

/** @returns {import('@web/dev-server-core').Middleware} */
export function lineMiddleware() {
  return async (ctx, next) => {
    const found = /^\/__line\/(slow|broken)(\/dist\/widget\/.*)$/.exec(ctx.path);
    if (!found) return next();
    const [, line, path] = found;
    if (FORM_CHUNK.test(/** @type {string} */ (path))) {
      if (line === 'broken') {
        ctx.status = 503;
        ctx.body = 'Service Unavailable';
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, SLOW_LINE_MS));
    }
    ctx.path = /** @type {string} */ (path);
    return next();
  };
}
