-- Register forms already saved, by the submissionId each form carries (issue 20): a retry after a
-- lost answer returns the first save's record instead of making a second one.
CREATE TABLE `form_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`record_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
