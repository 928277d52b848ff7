-- Members, second part (issue 12): refunding a recharge, points paying a folio and points expiring.
-- A recharge refund ('withdrawal') pays back at most the unspent base of one recharge and withdraws its gift; it names
-- the recharge record it returns. Points that expire are an 'expiry' record. A folio paid with points carries method
-- `points` (the points liability of the property) and the member's 'spend' record holds the points it took.

ALTER TABLE pms_member_record DROP CONSTRAINT pms_member_record_kind_check;
ALTER TABLE pms_member_record ADD CONSTRAINT pms_member_record_kind_check
  CHECK (kind IN ('recharge', 'gift', 'spend', 'refund', 'adjustment', 'earn', 'withdrawal', 'expiry'));

ALTER TABLE pms_member_record
  ADD COLUMN recharge_record_id bigint REFERENCES pms_member_record (record_id) ON DELETE RESTRICT;
ALTER TABLE pms_member_record ADD CONSTRAINT pms_member_record_withdrawal_check
  CHECK (kind <> 'withdrawal'
    OR (base_delta <= 0 AND gift_delta <= 0 AND points_delta = 0 AND recharge_record_id IS NOT NULL));
ALTER TABLE pms_member_record ADD CONSTRAINT pms_member_record_expiry_check
  CHECK (kind <> 'expiry' OR (base_delta = 0 AND gift_delta = 0 AND points_delta < 0));
CREATE INDEX pms_member_record_recharge_idx ON pms_member_record (recharge_record_id);

ALTER TABLE pms_folio_entry DROP CONSTRAINT pms_folio_entry_method_check;
ALTER TABLE pms_folio_entry ADD CONSTRAINT pms_folio_entry_method_check
  CHECK (method IN ('cash', 'bankCard', 'transfer', 'thirdParty', 'memberCard', 'points'));

-- A database seeded before this migration gains the member list's import and export buttons, granted to the property
-- admin as the seed grants them (a fresh database has no menus yet here: the seed adds them after the migrations).
INSERT INTO sys_menu (parent_id, menu_name, order_num, menu_type, perms, user_types)
SELECT list.menu_id, p.perms, 90 + p.n, 'F', p.perms, '1,2'
FROM sys_menu list
CROSS JOIN (VALUES (1, 'pms:pmsMember:import'), (2, 'pms:pmsMember:export')) AS p (n, perms)
WHERE list.menu_type = 'C' AND list.perms = 'pms:pmsMember:list'
  AND NOT EXISTS (SELECT 1 FROM sys_menu b WHERE b.perms = p.perms);
INSERT INTO sys_role_menu (role_id, menu_id)
SELECT r.role_id, m.menu_id
FROM sys_role r
JOIN sys_menu m ON m.perms IN ('pms:pmsMember:import', 'pms:pmsMember:export')
WHERE r.role_key = 'merchant_admin'
ON CONFLICT DO NOTHING;
