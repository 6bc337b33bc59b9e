ALTER TABLE `merchant_users` ADD `locale` text;
