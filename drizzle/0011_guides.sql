CREATE TABLE `guide_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image` text,
	`is_view` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `guide_categories_listing` ON `guide_categories` (`is_view`,`position`);--> statement-breakpoint
CREATE TABLE `guide_pictures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`image` text NOT NULL,
	`guide_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`guide_id`) REFERENCES `guides`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guide_pictures_image` ON `guide_pictures` (`image`);--> statement-breakpoint
CREATE INDEX `guide_pictures_guide` ON `guide_pictures` (`guide_id`);--> statement-breakpoint
CREATE TABLE `guides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category_id` integer NOT NULL,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`html` text DEFAULT '' NOT NULL,
	`toc` text DEFAULT '[]' NOT NULL,
	`reading_minutes` integer DEFAULT 1 NOT NULL,
	`image` text,
	`is_view` integer DEFAULT true NOT NULL,
	`publish_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `guide_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guides_by_category` ON `guides` (`category_id`,`publish_at`);--> statement-breakpoint
CREATE INDEX `guides_by_publish` ON `guides` (`publish_at`);--> statement-breakpoint
-- Guides in the site search (issue 32), as reels are (0002_search.sql): a trigram FTS5 index of the
-- title, the summary and the text, kept in step by triggers. Hand-written: drizzle-kit does not know
-- virtual tables or triggers.
CREATE VIRTUAL TABLE `guides_search` USING fts5(`title`, `summary`, `body`, content='guides', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `guides_search_insert` AFTER INSERT ON `guides` BEGIN
  INSERT INTO `guides_search` (rowid, `title`, `summary`, `body`) VALUES (new.`id`, new.`title`, new.`summary`, new.`body`);
END;
--> statement-breakpoint
CREATE TRIGGER `guides_search_delete` AFTER DELETE ON `guides` BEGIN
  INSERT INTO `guides_search` (`guides_search`, rowid, `title`, `summary`, `body`) VALUES ('delete', old.`id`, old.`title`, old.`summary`, old.`body`);
END;
--> statement-breakpoint
CREATE TRIGGER `guides_search_update` AFTER UPDATE OF `title`, `summary`, `body` ON `guides` BEGIN
  INSERT INTO `guides_search` (`guides_search`, rowid, `title`, `summary`, `body`) VALUES ('delete', old.`id`, old.`title`, old.`summary`, old.`body`);
  INSERT INTO `guides_search` (rowid, `title`, `summary`, `body`) VALUES (new.`id`, new.`title`, new.`summary`, new.`body`);
END;
