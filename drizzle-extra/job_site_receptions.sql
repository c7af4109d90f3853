-- Issue 26, « Handover (réception) and warranties »: the integrity register records a signed
-- PV de réception or de levée des réserves as the event « pv_signe ». drizzle-kit generates
-- this change from app/db/schema/integrity.ts; kept here in case the merged migration is
-- written by hand. ALTER is not refused by the register's triggers (they guard rows only).
ALTER TABLE "integrity_entries" DROP CONSTRAINT "integrity_entries_event_check";
ALTER TABLE "integrity_entries" ADD CONSTRAINT "integrity_entries_event_check" CHECK ("integrity_entries"."event" in ('devis_envoye', 'devis_accepte', 'devis_refuse', 'facture_emise', 'avoir_emis', 'paiement', 'retenue_liberee', 'pv_signe'));
