-- A folio charge keeps its quantity beside its item's name (breakfast, quantity 2) instead of inside it
-- ('早餐 × 2'): the revenue reports group by the name, so the same item posted in different quantities is one line.
-- Charges posted before keep their amounts; their names lose the ' × N' the desk appended, which becomes the quantity.
ALTER TABLE pms_folio_entry ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 1);
UPDATE pms_folio_entry
  SET quantity = substring(item_name FROM ' × (\d+)$')::integer, item_name = regexp_replace(item_name, ' × \d+$', '')
  WHERE item_name ~ ' × \d+$';
