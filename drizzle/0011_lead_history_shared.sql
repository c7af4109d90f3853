-- The leads' timeline joins the one activity history of the Espace Pro: every event of
-- erp_lead_events is copied into activity_events (subject 'lead'), with the sentence the
-- timeline showed (app/features/leads/event-summary.ts writes the same ones from now on),
-- then the old table goes.
INSERT INTO "activity_events" ("subject_type", "subject_id", "kind", "summary", "data", "actor_id", "actor_email", "created_at")
SELECT
  'lead',
  e.submission_id::text,
  e.kind,
  CASE e.kind
    WHEN 'note' THEN 'Note'
    WHEN 'status' THEN 'Statut : '
      || coalesce(CASE e.from_value WHEN 'nouveau' THEN 'Nouveau' WHEN 'contacte' THEN 'Contacté'
           WHEN 'devis_envoye' THEN 'Devis envoyé' WHEN 'gagne' THEN 'Gagné' WHEN 'perdu' THEN 'Perdu'
           ELSE e.from_value END, '—')
      || ' → '
      || coalesce(CASE e.to_value WHEN 'nouveau' THEN 'Nouveau' WHEN 'contacte' THEN 'Contacté'
           WHEN 'devis_envoye' THEN 'Devis envoyé' WHEN 'gagne' THEN 'Gagné' WHEN 'perdu' THEN 'Perdu'
           ELSE e.to_value END, '—')
    WHEN 'assignee' THEN CASE WHEN e.to_value IS NOT NULL THEN 'Suivi confié à ' || e.to_value ELSE 'Suivi retiré' END
    WHEN 'follow_up' THEN CASE WHEN e.to_value IS NOT NULL
      THEN 'Relance prévue le ' || extract(day FROM e.to_value::date)::int || ' '
        || (ARRAY['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre',
                  'octobre', 'novembre', 'décembre'])[extract(month FROM e.to_value::date)::int]
        || ' ' || extract(year FROM e.to_value::date)::int
      ELSE 'Relance retirée' END
    WHEN 'do_not_contact' THEN CASE WHEN e.to_value = 'oui' THEN 'Marqué « Ne pas recontacter »'
      ELSE '« Ne pas recontacter » retiré' END
    WHEN 'town' THEN CASE WHEN e.to_value IS NOT NULL THEN 'Commune : ' || e.to_value ELSE 'Commune retirée' END
    WHEN 'created' THEN 'Prospect saisi par l''équipe' || coalesce(' (' || nullif(e.to_value, '') || ')', '')
    WHEN 'export' THEN 'Données exportées (JSON)'
    ELSE e.kind
  END,
  nullif(jsonb_strip_nulls(jsonb_build_object('note', e.note, 'from', e.from_value, 'to', e.to_value)), '{}'::jsonb),
  e.actor_id,
  e.actor_email,
  e.created_at
FROM "erp_lead_events" e
ORDER BY e.created_at, e.id;
--> statement-breakpoint
DROP TABLE "erp_lead_events" CASCADE;
