-- Group buys parents can trust (issue 31, DESIGN §9). A group buy's terms beside the product: its
-- prices in won, its window as UTC instants (ISO text), a one-line condition, sold out, the seller and
-- the inquiry link, the disclosure (null: the default words). Products already there get none of them
-- and keep showing as before. Clicks counted by where the visitor came from (click_sources), so the
-- owner sees each group buy's clicks over its own window by source.
CREATE TABLE `click_sources` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`source` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `kind`, `target_id`, `source`)
);
--> statement-breakpoint
CREATE INDEX `click_sources_by_target` ON `click_sources` (`kind`,`target_id`,`day`);--> statement-breakpoint
ALTER TABLE `products` ADD `price` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `group_buy_price` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `group_buy_start_at` text;--> statement-breakpoint
ALTER TABLE `products` ADD `group_buy_end_at` text;--> statement-breakpoint
ALTER TABLE `products` ADD `group_buy_note` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `is_sold_out` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `seller_nm` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `seller_info` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `inquiry_link` text;--> statement-breakpoint
ALTER TABLE `products` ADD `ad_disclosure` text;