CREATE TABLE `job_leases` (
	`job` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`leased_until` integer NOT NULL,
	`updated_at` integer NOT NULL
);
