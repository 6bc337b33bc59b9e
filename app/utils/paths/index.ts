/**
 * Every page's address in one place, for links, redirects and forms (isomorphic: components, routes
 * and content use it alike). Parametrised addresses are functions: `paths.merchantPayment(id)`.
 * Tests keep literal URLs: they check what the user sees.
 *
 * Import it whole, `import * as paths from "~/utils/paths"`: one name per address, kept in a file
 * per part of the product, so a page's JavaScript carries the addresses of the parts it links to
 * (a public page's, not the operator console's; ADR 0067).
 */

export * from "./admin";
export * from "./checkout";
export * from "./merchant";
export * from "./public";
