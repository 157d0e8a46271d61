-- Order of the lists (issue 20): products and reel categories get a position, banners their own
-- size. Ascending position is the order shown; the backfill keeps today's order (newest first),
-- and new rows take a position above the smallest, so they appear on top.
ALTER TABLE `products` ADD `position` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `products` SET `position` = (SELECT count(*) FROM `products` AS `newer` WHERE `newer`.`id` > `products`.`id`);
--> statement-breakpoint
DROP INDEX IF EXISTS `products_listing`;
--> statement-breakpoint
CREATE INDEX `products_listing` ON `products` (`is_view`, `position`);
--> statement-breakpoint
ALTER TABLE `reel_categories` ADD `position` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `reel_categories` SET `position` = (SELECT count(*) FROM `reel_categories` AS `newer` WHERE `newer`.`id` > `reel_categories`.`id`);
--> statement-breakpoint
DROP INDEX IF EXISTS `reel_categories_listing`;
--> statement-breakpoint
CREATE INDEX `reel_categories_listing` ON `reel_categories` (`is_view`, `position`);
--> statement-breakpoint
-- A banner is drawn at its own size (a 120x240 widget is not a 320x50 strip); unknown for older rows.
ALTER TABLE `partner_ads` ADD `width` integer;
--> statement-breakpoint
ALTER TABLE `partner_ads` ADD `height` integer;
