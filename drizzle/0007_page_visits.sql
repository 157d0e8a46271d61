CREATE TABLE `page_visits` (
	`day` text NOT NULL,
	`page` text NOT NULL,
	`source` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `page`, `source`)
);
