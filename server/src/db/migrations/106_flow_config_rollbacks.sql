-- A rollback is saved as a new version; this names the version it restored (who did it is created_by).
alter table flow_configs add column restored_from integer;
