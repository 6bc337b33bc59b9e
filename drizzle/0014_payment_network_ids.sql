-- payments.network holds a network id from now on (app/core/networks, ADR 0031), no longer its
-- display label ("Ethereum (ERC-20)"). Every payment before this migration was on its asset's only
-- network then: BTC on bitcoin, ETH, USDT and USDC on ethereum. Rows already holding an id are left.
UPDATE `payments` SET `network` = CASE `asset` WHEN 'BTC' THEN 'bitcoin' ELSE 'ethereum' END
WHERE `network` NOT IN ('bitcoin', 'ethereum', 'tron', 'base');--> statement-breakpoint
-- Pooled addresses stored without a network (the column's default '', between migration 0013 and
-- the code that sets it) were made on the asset's default network.
UPDATE `deposit_address_pool` SET `network` = CASE `asset` WHEN 'BTC' THEN 'bitcoin' ELSE 'ethereum' END
WHERE `network` = '';
