ALTER TABLE `reel_categories` ADD `hashtags` text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE `reel_inbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`media_id` text NOT NULL,
	`permalink` text,
	`image` text,
	`link` text,
	`link_checked_at` text,
	`caption` text DEFAULT '' NOT NULL,
	`insta_reg_date` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reel_inbox_media` ON `reel_inbox` (`media_id`);
--> statement-breakpoint
CREATE TABLE `ignored_media` (
	`media_id` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reels_by_media` ON `reels` (`media_id`);
