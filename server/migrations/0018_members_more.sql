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
