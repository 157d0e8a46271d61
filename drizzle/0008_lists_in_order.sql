-- Lists in her order (issue 33, points 5 and 6). Career pictures get a caption each: the pictures
-- already there keep their files, their order and their sizes, with no caption. Reels get the
-- owner's order within their category: a pin (at most three, checked by the app) and a position,
-- 0 for every reel already there, so each category keeps today's order (newest on Instagram first)
-- until she moves one. A reel whose category is deleted waits in the inbox with the name she gave it.
ALTER TABLE `career_images` ADD `caption` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `reel_inbox` ADD `name` text;--> statement-breakpoint
ALTER TABLE `reels` ADD `is_pinned` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `reels` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `reels_in_order` ON `reels` (`category_id`,`is_pinned`,`position`);
