-- Issue 28: a simulator finds what it must hold at start (transactions still moving, outgoing transfers, expired idempotent answers) through these, not by reading every record's body. Written by hand from drizzle-kit's output, which splits an expression column at its comma.
CREATE INDEX `simulator_records_status_idx` ON `simulator_records` (`simulator`,`kind`,json_extract("body", '$.status'));--> statement-breakpoint
CREATE INDEX `simulator_records_direction_idx` ON `simulator_records` (`simulator`,`kind`,json_extract("body", '$.direction'));--> statement-breakpoint
CREATE INDEX `simulator_records_at_idx` ON `simulator_records` (`simulator`,`kind`,json_extract("body", '$.at'));
