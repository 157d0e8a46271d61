CREATE TABLE `daily_counts` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `kind`, `target_id`)
);
--> statement-breakpoint
CREATE INDEX `daily_counts_by_kind` ON `daily_counts` (`kind`,`day`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_partner_ads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`link` text,
	`image` text,
	`src` text,
	`frame_url` text,
	`is_view` integer DEFAULT true NOT NULL,
	`position` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_partner_ads`("id", "name", "link", "src", "position") SELECT "id", "name", "link", "src", "position" FROM `partner_ads`;--> statement-breakpoint
DROP TABLE `partner_ads`;--> statement-breakpoint
ALTER TABLE `__new_partner_ads` RENAME TO `partner_ads`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `partner_ads_listing` ON `partner_ads` (`is_view`,`position`);