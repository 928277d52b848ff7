-- An order's deposit (pms_order.deposit_cents) is the deposit its folio holds: the deposits taken less the ones given
-- back (refund reason depositReturn), never below zero. Billing keeps it current with every entry that moves it
-- (server/src/billing/folio.ts keepDepositHeld); this brings orders that took a deposit before up to date.
UPDATE pms_order o SET deposit_cents = greatest(0, d.held)
FROM (
  SELECT order_id, sum(CASE WHEN kind = 'deposit' THEN amount_cents ELSE -amount_cents END) AS held
  FROM pms_folio_entry
  WHERE kind = 'deposit' OR kind = 'refund' AND reason = 'depositReturn'
  GROUP BY order_id
) d
WHERE o.order_id = d.order_id AND o.deposit_cents <> greatest(0, d.held);
