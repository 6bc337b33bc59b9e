/**
 * This server process's name in the database (ADR 0047): `onehop <pid>@<host>`, at most 63
 * characters (PostgreSQL's limit for `application_name`, which its connections carry). Claims it
 * holds name it too (app/utils/server-process.server.ts).
 */
import { hostname } from "node:os";

export const HOST = hostname();
export const THIS_PROCESS = `onehop ${process.pid}@${HOST}`.slice(0, 63);
