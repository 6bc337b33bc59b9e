/**
 * The request header that carries the TCP peer's address from server.mjs to the app. The front door
 * sets it on every request, replacing whatever a client sent (utils/front-door.server.ts); the app
 * reads it to know who is calling (utils/client-address.server.ts).
 */
export const REMOTE_ADDRESS_HEADER = "x-onehop-remote-address";
