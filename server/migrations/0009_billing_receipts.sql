-- Billing, receipts and expenses (SPEC §3 Finance: receipt type dictionary; the issue's folio holds receipts and
-- expenses). An expense is money the property paid out on the guest's behalf (a taxi, a purchase): it raises what
-- the guest owes like a charge and names the method it was paid out with (debit guest, credit that method).
-- Every deposit and payment carries a receipt: a number unique in its property and a type from `pms_receipt_type`.
ALTER TABLE pms_folio_entry DROP CONSTRAINT pms_folio_entry_kind_check;
ALTER TABLE pms_folio_entry ADD CONSTRAINT pms_folio_entry_kind_check
  CHECK (kind IN ('roomCharge', 'overtimeCharge', 'extraCharge', 'expense', 'deposit', 'payment', 'refund'));
-- Money kinds and expenses name a method, charges do not.
ALTER TABLE pms_folio_entry DROP CONSTRAINT pms_folio_entry_check;
ALTER TABLE pms_folio_entry ADD CONSTRAINT pms_folio_entry_method_needed_check
  CHECK ((kind IN ('expense', 'deposit', 'payment', 'refund')) = (method IS NOT NULL));
ALTER TABLE pms_folio_entry DROP CONSTRAINT pms_folio_entry_check3;
ALTER TABLE pms_folio_entry ADD CONSTRAINT pms_folio_entry_accounts_check
  CHECK (
    CASE kind
      WHEN 'roomCharge' THEN debit_account = 'guest' AND credit_account = 'roomRevenue'
      WHEN 'overtimeCharge' THEN debit_account = 'guest' AND credit_account = 'roomRevenue'
      WHEN 'extraCharge' THEN debit_account = 'guest' AND credit_account = 'extraRevenue'
      WHEN 'refund' THEN debit_account = 'guest' AND credit_account = method
      WHEN 'expense' THEN debit_account = 'guest' AND credit_account = method
      ELSE debit_account = method AND credit_account = 'guest'
    END
  );

ALTER TABLE pms_folio_entry ADD COLUMN receipt_no varchar(20);
ALTER TABLE pms_folio_entry ADD COLUMN receipt_type varchar(100);
ALTER TABLE pms_folio_entry ADD CONSTRAINT pms_folio_entry_receipt_check
  CHECK ((kind IN ('deposit', 'payment')) = (receipt_no IS NOT NULL AND receipt_type IS NOT NULL));
CREATE UNIQUE INDEX pms_folio_entry_receipt_idx ON pms_folio_entry (property_id, receipt_no);

-- The last receipt sequence number of each property and day, taken with an upsert in the posting transaction: the
-- row lock serialises two desks of the property, and a rolled-back posting gives its number back.
CREATE TABLE pms_receipt_seq (
  property_id bigint NOT NULL REFERENCES pms_property (property_id) ON DELETE CASCADE,
  day char(8) NOT NULL,
  last_no integer NOT NULL,
  PRIMARY KEY (property_id, day)
);

INSERT INTO sys_dict_type (dict_name, dict_type) VALUES ('收据类型', 'pms_receipt_type')
  ON CONFLICT (dict_type) DO NOTHING;
INSERT INTO sys_dict_data (dict_sort, dict_label, dict_value, dict_type) VALUES
  (1, '房费', 'roomFee', 'pms_receipt_type'),
  (2, '押金', 'deposit', 'pms_receipt_type'),
  (3, '其他', 'other', 'pms_receipt_type')
  ON CONFLICT (dict_type, dict_value) DO NOTHING;
