-- Site search (issue 21): one external-content FTS5 table per searched source, trigram-tokenized so
-- Korean words match inside compounds (배변 in 배변훈련) and any substring of three or more
-- characters matches. Triggers keep each index in step with its table; 'rebuild' fills it from the
-- rows already there. Hand-written: drizzle-kit does not know virtual tables or triggers.
CREATE VIRTUAL TABLE `reels_search` USING fts5(`name`, `caption`, content='reels', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `reels_search_insert` AFTER INSERT ON `reels` BEGIN
  INSERT INTO `reels_search` (rowid, `name`, `caption`) VALUES (new.`id`, new.`name`, new.`caption`);
END;
--> statement-breakpoint
CREATE TRIGGER `reels_search_delete` AFTER DELETE ON `reels` BEGIN
  INSERT INTO `reels_search` (`reels_search`, rowid, `name`, `caption`) VALUES ('delete', old.`id`, old.`name`, old.`caption`);
END;
--> statement-breakpoint
-- Only a change of the searched columns re-indexes: the viewer refreshes a reel's video link daily.
CREATE TRIGGER `reels_search_update` AFTER UPDATE OF `name`, `caption` ON `reels` BEGIN
  INSERT INTO `reels_search` (`reels_search`, rowid, `name`, `caption`) VALUES ('delete', old.`id`, old.`name`, old.`caption`);
  INSERT INTO `reels_search` (rowid, `name`, `caption`) VALUES (new.`id`, new.`name`, new.`caption`);
END;
--> statement-breakpoint
INSERT INTO `reels_search` (`reels_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_search` USING fts5(`name`, content='products', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_search` (rowid, `name`) VALUES (new.`id`, new.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `products_search` (`products_search`, rowid, `name`) VALUES ('delete', old.`id`, old.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF `name` ON `products` BEGIN
  INSERT INTO `products_search` (`products_search`, rowid, `name`) VALUES ('delete', old.`id`, old.`name`);
  INSERT INTO `products_search` (rowid, `name`) VALUES (new.`id`, new.`name`);
END;
--> statement-breakpoint
INSERT INTO `products_search` (`products_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `reel_categories_search` USING fts5(`name`, content='reel_categories', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `reel_categories_search_insert` AFTER INSERT ON `reel_categories` BEGIN
  INSERT INTO `reel_categories_search` (rowid, `name`) VALUES (new.`id`, new.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `reel_categories_search_delete` AFTER DELETE ON `reel_categories` BEGIN
  INSERT INTO `reel_categories_search` (`reel_categories_search`, rowid, `name`) VALUES ('delete', old.`id`, old.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `reel_categories_search_update` AFTER UPDATE OF `name` ON `reel_categories` BEGIN
  INSERT INTO `reel_categories_search` (`reel_categories_search`, rowid, `name`) VALUES ('delete', old.`id`, old.`name`);
  INSERT INTO `reel_categories_search` (rowid, `name`) VALUES (new.`id`, new.`name`);
END;
--> statement-breakpoint
INSERT INTO `reel_categories_search` (`reel_categories_search`) VALUES ('rebuild');
