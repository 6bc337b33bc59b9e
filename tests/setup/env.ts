import { mkdirSync } from "node:fs";

mkdirSync("tests/.tmp", { recursive: true });
