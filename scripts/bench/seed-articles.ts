/**
 * Bench setup: store 5,000 published articles in the bench database and print the middle one's
 * slug.
 */
import { openDatabase } from "../../app/db/sqlite-connection.server";
import { env } from "../../app/utils/env.server";
import { seedBenchArticles } from "./news-helpers";

const db = openDatabase(env.DATABASE_URL);
const { middleSlug } = seedBenchArticles(db, 5_000);
db.$client.close();
process.stdout.write(JSON.stringify({ middleSlug }) + "\n");
