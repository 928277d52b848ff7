-- A folio charge keeps its quantity beside its item's name (breakfast, quantity 2) instead of inside it
-- ('早餐 × 2'): the revenue reports group by the name, so the same item posted in different quantities is one line.
-- Charges posted before keep their amounts. Only the names the desk made — a charge item's or a room type cost's name
-- followed by ' × N', N from 2 to 999 as the desk allowed — lose the suffix, which becomes the quantity; a name typed by
-- hand (free text, '6 × 330ml') is left as it is.
ALTER TABLE pms_folio_entry ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 1);
UPDATE pms_folio_entry
  SET quantity = substring(item_name FROM ' × ([2-9]|[1-9][0-9]{1,2})$')::integer,
    item_name = regexp_replace(item_name, ' × ([2-9]|[1-9][0-9]{1,2})$', '')
  WHERE (charge_item_id IS NOT NULL OR cost_id IS NOT NULL) AND item_name ~ ' × ([2-9]|[1-9][0-9]{1,2})$';
