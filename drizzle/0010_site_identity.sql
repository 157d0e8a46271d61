-- The site's identity became settings (사이트 설정 > 사이트 정보; DESIGN §10 "Site identity").
-- A database already in use keeps what its visitors saw before, which the code used to hold as
-- constants: the site's name, the handle, the footer's three links and the privacy pages' address.
-- A fresh database (no home menu yet: the migrations run before the demo seed) gets nothing here;
-- the demo seed fills it when it seeds, and SEED_DEMO=0 starts with a neutral, unnamed site.
-- Nothing is replaced: a row already there (none can be, before this migration) is left as it is.
INSERT INTO `settings` (`key`, `value`) SELECT 'site.name', '우리아이 작업치료' WHERE EXISTS (SELECT 1 FROM `home_menu`) ON CONFLICT (`key`) DO NOTHING;
--> statement-breakpoint
INSERT INTO `settings` (`key`, `value`) SELECT 'site.handle', '@ot_teacher_kids' WHERE EXISTS (SELECT 1 FROM `home_menu`) ON CONFLICT (`key`) DO NOTHING;
--> statement-breakpoint
INSERT INTO `settings` (`key`, `value`) SELECT 'site.footerLinks', '[{"label":"인스타그램","url":"https://www.instagram.com/ot_teacher_kids/"},{"label":"유튜브","url":"https://www.youtube.com/@ot_teacher_kids"},{"label":"블로그","url":"https://blog.naver.com/ot_teacher_kids"}]' WHERE EXISTS (SELECT 1 FROM `home_menu`) ON CONFLICT (`key`) DO NOTHING;
--> statement-breakpoint
INSERT INTO `settings` (`key`, `value`) SELECT 'site.privacyContact', 'privacy@example.com' WHERE EXISTS (SELECT 1 FROM `home_menu`) ON CONFLICT (`key`) DO NOTHING;
