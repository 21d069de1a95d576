// The catalog schema (version 1) and the ordered list of migrations. Tables are STRICT so a word in a
// number column is refused instead of being stored as text; CHECK constraints keep enums and ranges
// honest even for rows written by hand with the sqlite3 shell.
#include <string>

#include "catalog/catalog_db.h"
#include "catalog/sqlite_handle.h"
#include "common/error.h"

namespace fp {
namespace {

const char* const kSchemaV1 = R"SQL(
CREATE TABLE schema_version (
  version INTEGER NOT NULL CHECK (version > 0)
) STRICT;

-- Facts about this file: seed_id identifies the seed it was built from, so a user's copy can tell
-- that a newer bundled parts list exists.
CREATE TABLE catalog_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE parts (
  part TEXT PRIMARY KEY CHECK (length(part) > 0),
  category TEXT NOT NULL CHECK (category IN ('switch','nic','transceiver','cable','fiber','patch_panel')),
  vendor TEXT NOT NULL CHECK (length(vendor) > 0),
  description TEXT NOT NULL DEFAULT '',
  power_w REAL NOT NULL DEFAULT 0 CHECK (power_w >= 0),
  power_estimated INTEGER NOT NULL DEFAULT 0 CHECK (power_estimated IN (0,1)),
  lead_time_days INTEGER NOT NULL DEFAULT 0 CHECK (lead_time_days >= 0),
  source TEXT NOT NULL CHECK (length(source) > 0),
  oem INTEGER NOT NULL DEFAULT 1 CHECK (oem IN (0,1)),
  user_added INTEGER NOT NULL DEFAULT 0 CHECK (user_added IN (0,1)),
  notes TEXT NOT NULL DEFAULT ''
) STRICT;

CREATE TABLE switches (
  part TEXT PRIMARY KEY REFERENCES parts(part) ON DELETE CASCADE,
  protocol TEXT NOT NULL CHECK (protocol IN ('infiniband','ethernet','both')),
  asic TEXT NOT NULL DEFAULT '',
  cages INTEGER NOT NULL CHECK (cages > 0),
  cage_type TEXT NOT NULL CHECK (cage_type IN ('OSFP','QSFP-DD','QSFP112','QSFP56')),
  cage_finned INTEGER NOT NULL DEFAULT 1 CHECK (cage_finned IN (0,1)),
  cage_power_class_w REAL NOT NULL DEFAULT 0 CHECK (cage_power_class_w >= 0),
  breakouts TEXT NOT NULL CHECK (length(breakouts) > 0),   -- "800x1;400x2;200x4": Gb/s x ports per cage
  latency_ns INTEGER NOT NULL DEFAULT 0 CHECK (latency_ns >= 0),
  latency_estimated INTEGER NOT NULL DEFAULT 1 CHECK (latency_estimated IN (0,1)),
  rack_units INTEGER NOT NULL DEFAULT 1 CHECK (rack_units BETWEEN 1 AND 48),
  adaptive_routing INTEGER NOT NULL DEFAULT 0 CHECK (adaptive_routing IN (0,1))
) STRICT;

CREATE TABLE nics (
  part TEXT PRIMARY KEY REFERENCES parts(part) ON DELETE CASCADE,
  protocol TEXT NOT NULL CHECK (protocol IN ('infiniband','ethernet','both')),
  ports INTEGER NOT NULL CHECK (ports > 0),
  port_gbps INTEGER NOT NULL CHECK (port_gbps > 0),
  cage_type TEXT NOT NULL CHECK (cage_type IN ('OSFP','QSFP-DD','QSFP112','QSFP56')),
  cage_finned INTEGER NOT NULL DEFAULT 0 CHECK (cage_finned IN (0,1)),
  cage_power_class_w REAL NOT NULL DEFAULT 0 CHECK (cage_power_class_w >= 0),
  latency_ns INTEGER NOT NULL DEFAULT 0 CHECK (latency_ns >= 0),
  latency_estimated INTEGER NOT NULL DEFAULT 1 CHECK (latency_estimated IN (0,1)),
  packet_spraying INTEGER NOT NULL DEFAULT 0 CHECK (packet_spraying IN (0,1)),
  super_nic INTEGER NOT NULL DEFAULT 0 CHECK (super_nic IN (0,1))
) STRICT;

CREATE TABLE transceivers (
  part TEXT PRIMARY KEY REFERENCES parts(part) ON DELETE CASCADE,
  protocol TEXT NOT NULL CHECK (protocol IN ('infiniband','ethernet','both')),
  form_factor TEXT NOT NULL CHECK (form_factor IN ('OSFP','QSFP-DD','QSFP112','QSFP56')),
  finned INTEGER NOT NULL DEFAULT 0 CHECK (finned IN (0,1)),
  ports INTEGER NOT NULL DEFAULT 1 CHECK (ports IN (1,2)),
  port_gbps INTEGER NOT NULL CHECK (port_gbps > 0),
  lanes INTEGER NOT NULL CHECK (lanes > 0),
  modulation TEXT NOT NULL DEFAULT 'PAM4' CHECK (modulation IN ('PAM4','NRZ')),
  pmd TEXT NOT NULL CHECK (length(pmd) > 0),
  medium TEXT NOT NULL CHECK (medium IN ('multimode','singlemode')),
  wavelength_nm INTEGER NOT NULL CHECK (wavelength_nm BETWEEN 800 AND 1700),
  connector TEXT NOT NULL CHECK (connector IN ('MPO-12/APC','MPO-12/UPC','MPO-16/APC','MPO-16/UPC','LC-duplex')),
  reach_om3_m REAL NOT NULL DEFAULT 0 CHECK (reach_om3_m >= 0),
  reach_om4_m REAL NOT NULL DEFAULT 0 CHECK (reach_om4_m >= 0),
  reach_om5_m REAL NOT NULL DEFAULT 0 CHECK (reach_om5_m >= 0),
  reach_os2_m REAL NOT NULL DEFAULT 0 CHECK (reach_os2_m >= 0),
  channel_loss_db REAL NOT NULL DEFAULT 0 CHECK (channel_loss_db >= 0),
  loss_estimated INTEGER NOT NULL DEFAULT 0 CHECK (loss_estimated IN (0,1)),
  fec TEXT NOT NULL DEFAULT 'RS(544,514)',
  power_class_w REAL NOT NULL DEFAULT 0 CHECK (power_class_w >= 0),
  CHECK (reach_om3_m + reach_om4_m + reach_om5_m + reach_os2_m > 0)
) STRICT;

CREATE TABLE cables (
  part TEXT PRIMARY KEY REFERENCES parts(part) ON DELETE CASCADE,
  protocol TEXT NOT NULL CHECK (protocol IN ('infiniband','ethernet','both')),
  kind TEXT NOT NULL CHECK (kind IN ('dac','acc','aoc','fiber_patch','fiber_trunk')),
  end_a_form TEXT NOT NULL CHECK (length(end_a_form) > 0),
  end_a_finned INTEGER NOT NULL DEFAULT 1 CHECK (end_a_finned IN (0,1)),
  end_b_form TEXT NOT NULL CHECK (length(end_b_form) > 0),
  end_b_finned INTEGER NOT NULL DEFAULT 0 CHECK (end_b_finned IN (0,1)),
  legs_b INTEGER NOT NULL DEFAULT 1 CHECK (legs_b IN (1,2,4,8)),
  port_gbps INTEGER NOT NULL DEFAULT 0 CHECK (port_gbps >= 0),
  length_m REAL NOT NULL CHECK (length_m > 0 AND length_m <= 10000),
  fiber_type TEXT NOT NULL DEFAULT '' CHECK (fiber_type IN ('','OM3','OM4','OM5','OS2')),
  connector TEXT NOT NULL DEFAULT '' CHECK (connector IN ('','MPO-12/APC','MPO-12/UPC','MPO-16/APC','LC-duplex')),
  fec TEXT NOT NULL DEFAULT '',
  CHECK ((kind IN ('fiber_patch','fiber_trunk')) = (fiber_type <> ''))
) STRICT;

CREATE TABLE patch_panels (
  part TEXT PRIMARY KEY REFERENCES parts(part) ON DELETE CASCADE,
  ports INTEGER NOT NULL CHECK (ports > 0),
  connector TEXT NOT NULL CHECK (connector IN ('MPO-12/APC','MPO-12/UPC','MPO-16/APC','MPO-16/UPC','LC-duplex')),
  rack_units INTEGER NOT NULL DEFAULT 1 CHECK (rack_units BETWEEN 1 AND 8)
) STRICT;

CREATE TABLE prices (
  part TEXT NOT NULL REFERENCES parts(part) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (length(source) > 0),
  price_usd REAL NOT NULL CHECK (price_usd >= 0),
  currency TEXT NOT NULL DEFAULT 'USD' CHECK (length(currency) = 3),
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  basis TEXT NOT NULL CHECK (basis IN ('list','quote','street','estimate')),
  estimated INTEGER NOT NULL DEFAULT 1 CHECK (estimated IN (0,1)),
  user_edited INTEGER NOT NULL DEFAULT 0 CHECK (user_edited IN (0,1)),
  PRIMARY KEY (part, source)
) STRICT;

CREATE TABLE qualifications (
  platform TEXT NOT NULL REFERENCES parts(part) ON DELETE CASCADE,
  part TEXT NOT NULL REFERENCES parts(part) ON DELETE CASCADE,
  source TEXT NOT NULL DEFAULT '',
  user_added INTEGER NOT NULL DEFAULT 0 CHECK (user_added IN (0,1)),
  PRIMARY KEY (platform, part)
) STRICT;

INSERT INTO schema_version (version) VALUES (1);
)SQL";

// Version 2: compute platforms (servers and rack-scale systems). Not rows of `parts`: a platform is
// not priced in the network budget, and its id is not an ordering number.
const char* const kSchemaV2 = R"SQL(
CREATE TABLE platforms (
  id TEXT PRIMARY KEY CHECK (length(id) > 0),
  vendor TEXT NOT NULL CHECK (length(vendor) > 0),
  description TEXT NOT NULL DEFAULT '',
  gpu TEXT NOT NULL CHECK (length(gpu) > 0),
  gpu_arch TEXT NOT NULL CHECK (gpu_arch IN ('hopper','blackwell','other')),
  gpus_per_node INTEGER NOT NULL CHECK (gpus_per_node >= 0),  -- 0 = the design decides
  gpus_per_scale_up INTEGER NOT NULL CHECK (gpus_per_scale_up >= gpus_per_node),
  scale_up_gbps_per_gpu REAL NOT NULL DEFAULT 0 CHECK (scale_up_gbps_per_gpu >= 0),  -- GB/s, one direction
  nvlink_generation INTEGER NOT NULL DEFAULT 0 CHECK (nvlink_generation BETWEEN 0 AND 9),
  nvlink_sharp INTEGER NOT NULL DEFAULT 0 CHECK (nvlink_sharp IN (0,1)),
  nic_part TEXT REFERENCES parts(part),
  nics_per_node INTEGER NOT NULL DEFAULT 0 CHECK (nics_per_node >= 0),
  host_cages INTEGER NOT NULL DEFAULT 0 CHECK (host_cages >= 0),
  ports_per_cage INTEGER NOT NULL DEFAULT 1 CHECK (ports_per_cage IN (1,2,4)),
  cage_type TEXT NOT NULL DEFAULT '' CHECK (cage_type IN ('','OSFP','QSFP-DD','QSFP112','QSFP56')),
  cage_finned INTEGER NOT NULL DEFAULT 0 CHECK (cage_finned IN (0,1)),
  node_power_kw REAL NOT NULL DEFAULT 0 CHECK (node_power_kw >= 0),
  node_rack_units INTEGER NOT NULL DEFAULT 0 CHECK (node_rack_units BETWEEN 0 AND 48),
  nodes_per_rack INTEGER NOT NULL DEFAULT 0 CHECK (nodes_per_rack >= 0),
  rack_power_kw REAL NOT NULL DEFAULT 0 CHECK (rack_power_kw >= 0),
  power_estimated INTEGER NOT NULL DEFAULT 0 CHECK (power_estimated IN (0,1)),
  source TEXT NOT NULL CHECK (length(source) > 0),
  notes TEXT NOT NULL DEFAULT '',
  CHECK (host_cages = 0 OR host_cages * ports_per_cage >= nics_per_node)
) STRICT;
)SQL";

// Version 3: annualised failure rates per part class (issue 22), editable like prices: a row the user
// set is marked user_edited and survives upgrades. A file migrated from version 2 gets the rates that
// version 3 shipped with (the seed, data/catalog/failure_rates.csv, replaces them in a fresh build).
const char* const kSchemaV3 = R"SQL(
CREATE TABLE failure_rates (
  part_class TEXT PRIMARY KEY CHECK (part_class IN ('transceiver_multimode','transceiver_singlemode','aoc',
                                                    'acc','dac','fibre','switch','nic')),
  afr_pct REAL NOT NULL CHECK (afr_pct >= 0 AND afr_pct < 100),
  replacement_share REAL NOT NULL DEFAULT 1 CHECK (replacement_share >= 0 AND replacement_share <= 1),
  estimated INTEGER NOT NULL DEFAULT 1 CHECK (estimated IN (0,1)),
  source TEXT NOT NULL CHECK (length(source) > 0),
  user_edited INTEGER NOT NULL DEFAULT 0 CHECK (user_edited IN (0,1))
) STRICT;
INSERT INTO failure_rates (part_class, afr_pct, replacement_share, estimated, source) VALUES
  ('transceiver_multimode', 1.0, 1.0, 1, 'ESTIMATE: vendor MTBF 1-2 M h = 0.4-0.9 %/yr, rounded up for field conditions'),
  ('transceiver_singlemode', 1.0, 1.0, 1, 'ESTIMATE: vendor MTBF 1-2 M h = 0.4-0.9 %/yr, rounded up for field conditions'),
  ('aoc', 2.0, 1.0, 1, 'ESTIMATE: two optical engines = 2 x the transceiver estimate'),
  ('acc', 0.5, 1.0, 1, 'ESTIMATE: retimer/redriver electronics in the plugs, no optics'),
  ('dac', 0.1, 1.0, 1, 'ESTIMATE: passive copper; handling damage only'),
  ('fibre', 0.2, 1.0, 1, 'ESTIMATE: passive glass; bends, crushed cords, damaged ferrules'),
  ('switch', 8.08, 0.32, 0, 'Singh et al., SIGCOMM CCR 2021 (Azure, 180k switches): 2 % fail within 3 months; 32 % hardware'),
  ('nic', 0.289, 1.0, 0, 'Llama 3 paper (arXiv 2407.21783) Table 5: 7 NIC interruptions, 16,384 NICs, 54 days');
)SQL";

// Version 4: platforms whose scale-out NICs are built in (DGX, NVL72 trays): the system's price includes
// them, so the BOM lists them at no price. A built-in NIC names its source, and the platform fixes the
// part and the count (data/catalog/README.md). A file migrated from version 3 gets the flags version 4
// shipped with (a fresh build takes the seed's, data/catalog/platforms.csv). HGX-B300 joined the list after
// version 4 first shipped: a file already at version 4 keeps the flag it has (the user's data).
const char* const kSchemaV4 = R"SQL(
ALTER TABLE platforms ADD COLUMN nics_built_in INTEGER NOT NULL DEFAULT 0 CHECK (nics_built_in IN (0,1));
ALTER TABLE platforms ADD COLUMN nics_built_in_source TEXT NOT NULL DEFAULT ''
  CHECK (nics_built_in = 0 OR (length(nics_built_in_source) > 0 AND nic_part IS NOT NULL AND nics_per_node > 0));
UPDATE platforms SET nics_built_in = 1, nics_built_in_source = CASE
    WHEN id IN ('DGX-H100','DGX-H200','DGX-B200') THEN
      'https://docs.nvidia.com/dgx-basepod/reference-architecture-infrastructure-foundation-enterprise-ai/latest/core-components.html'
    WHEN id = 'DGX-B300' THEN 'https://vengineer.hatenablog.com/entry/2025/12/06/080000'
    WHEN id = 'HGX-B300' THEN 'https://acecloud.ai/blog/nvidia-hgx-b300'
    WHEN id = 'GB200-NVL72' THEN
      'https://docs.nvidia.com/mission-control/docs/ext-north-south-network-gb200-deploy-guide/2.3.0/ext-north-south-network-gb200-intro.html'
    ELSE 'https://docs.nvidia.com/enterprise-reference-architectures/nvl72-ai-factory/latest/components.html' END
  WHERE id IN ('DGX-H100','DGX-H200','DGX-B200','DGX-B300','HGX-B300','GB200-NVL72','GB300-NVL72')
    AND nic_part IS NOT NULL AND nics_per_node > 0;
)SQL";

// Version 5: a NIC's Ethernet port mode where its firmware differs from InfiniBand. The ConnectX-8
// C8180 runs 800G XDR InfiniBand, but Ethernet only as 2 x 400GbE through its one OSFP cage (firmware
// 40.44 release notes: single-port 800GbE not supported), so an Ethernet plan of it has two 400G links per
// NIC. A cage's Ethernet ports share its lanes: ports x speed <= the native port. A file migrated from
// version 4 gets the modes version 5 shipped with (every other shipped NIC: one port at its native
// speed); a fresh build takes the seed's, data/catalog/nics.csv.
const char* const kSchemaV5 = R"SQL(
ALTER TABLE nics ADD COLUMN eth_ports_per_cage INTEGER NOT NULL DEFAULT 1
  CHECK (eth_ports_per_cage BETWEEN 1 AND 8);
ALTER TABLE nics ADD COLUMN eth_port_gbps INTEGER NOT NULL DEFAULT 0
  CHECK (eth_port_gbps >= 0 AND eth_port_gbps * eth_ports_per_cage <= port_gbps
         AND (eth_port_gbps = 0 OR protocol <> 'infiniband'));
UPDATE nics SET eth_port_gbps = port_gbps WHERE protocol <> 'infiniband';
UPDATE nics SET eth_ports_per_cage = 2, eth_port_gbps = 400 WHERE part = '900-9X81E-00EX-DT0';
)SQL";

// Version 6: the switch ASICs' lossless figures (issue 43): buffer, cell, pipeline latency, MAC/PHY delay,
// the Spectrum tile term and the largest frame, each row with its source, so the PFC headroom and buffer
// fit read the catalog (core/lossless/README.md). A switch whose chip has no row takes 'generic'. A file
// migrated from version 5 gets the rows version 6 shipped with; a fresh build takes data/catalog/asics.csv.
// A row the user edited or added (user_edited = 1) survives upgrades, as failure rates do.
const char* const kSchemaV6 = R"SQL(
CREATE TABLE asics (
  asic TEXT PRIMARY KEY CHECK (length(asic) > 0),
  buffer_bytes REAL NOT NULL DEFAULT 0 CHECK (buffer_bytes >= 0),
  buffer_estimated INTEGER NOT NULL DEFAULT 1 CHECK (buffer_estimated IN (0,1)),
  cell_bytes INTEGER NOT NULL CHECK (cell_bytes BETWEEN 64 AND 4096),
  pipeline_latency_bytes REAL NOT NULL CHECK (pipeline_latency_bytes >= 0),
  mac_phy_delay_bytes REAL NOT NULL CHECK (mac_phy_delay_bytes >= 0),
  tile_bytes_per_gbps REAL NOT NULL DEFAULT 0 CHECK (tile_bytes_per_gbps >= 0),
  max_mtu INTEGER NOT NULL CHECK (max_mtu BETWEEN 1500 AND 16384),
  constants_estimated INTEGER NOT NULL DEFAULT 1 CHECK (constants_estimated IN (0,1)),
  source TEXT NOT NULL CHECK (length(source) > 0),
  user_edited INTEGER NOT NULL DEFAULT 0 CHECK (user_edited IN (0,1))
) STRICT;
INSERT INTO asics (asic, buffer_bytes, buffer_estimated, cell_bytes, pipeline_latency_bytes, mac_phy_delay_bytes,
                   tile_bytes_per_gbps, max_mtu, constants_estimated, source) VALUES
  ('Spectrum-4', 158229504, 0, 192, 19456, 819.2, 15, 9216, 0, 'sonic-buildimage @086b03bd platform/mellanox/asic_table.j2 (MELLANOX-SPECTRUM-4: cell 192, pipeline_latency 19 KB, mac_phy_delay 0.8 KB); device/mellanox/x86_64-nvidia_sn5600-r0/ACS-SN5600/buffers_defaults_t1.j2 egress_lossless_pool size (buffer); sonic-swss @e6b0c5b5 cfgmgr/buffer_headroom_mellanox.lua (kB on tile = speed x 120 / 8)'),
  ('Tomahawk 5', 167546528, 1, 254, 19456, 819.2, 0, 9216, 1, 'DERIVED from sonic-buildimage @086b03bd device/arista/x86_64-arista_7060x6_64pe/Arista-7060X6-64PE-O128S2/buffers_defaults_t1.j2: lossy static_th 167,546,528 B = the whole shared buffer; every size there (1,778, 3,556, 18,796, 612,140) a multiple of 254 = the cell; pipeline latency and MAC/PHY delay ESTIMATE (Spectrum''s); Broadcom publishes none'),
  ('Cisco Cloud Scale LS25600', 120000000, 1, 256, 19456, 819.2, 0, 9216, 1, 'fabric-facts section 1.2: 120 MB from a third-party table, UNVERIFIED; cell and latencies ESTIMATE (Spectrum''s)'),
  ('generic', 0, 1, 256, 19456, 819.2, 0, 9216, 1, 'ESTIMATE: no published buffer figure for this ASIC (Jericho, Silicon One, Express and others): headroom from Spectrum''s latencies and a 256 B cell, the buffer fit not checked');
)SQL";

// Version 7: open optics. A switch or NIC whose vendor sells no optics of its own and supports third-party
// modules and cables (white boxes: Edgecore, UfiSpace; AMD and Broadcom NICs) takes them without "allow
// third-party optics": they are its supported parts, not a third-party choice (core/media/README.md, "OEM
// only"). A file migrated from version 6 gets the flags version 7 shipped with (a fresh build takes the
// seed's, data/catalog/switches.csv and nics.csv).
const char* const kSchemaV7 = R"SQL(
ALTER TABLE switches ADD COLUMN open_optics INTEGER NOT NULL DEFAULT 0 CHECK (open_optics IN (0,1));
ALTER TABLE nics ADD COLUMN open_optics INTEGER NOT NULL DEFAULT 0 CHECK (open_optics IN (0,1));
UPDATE switches SET open_optics = 1 WHERE part IN ('AIS800-64D','S9321-64EO');
UPDATE nics SET open_optics = 1 WHERE part IN ('POLLARA-400','BCM957608-P1400GDF00');
)SQL";

// Version 8: a switch's maximum power beside its typical one (issue 39): parts.power_w stays the typical
// draw (energy), switches.power_max_w is the full-load draw without optics (rack and facility budgets).
// A file migrated from version 7 gets the estimate rule of catalog/switch_power.h for every switch, the
// bundled ones and the user's own: typical x 2.08 for switches with 800G ports (1,125 W / 540 W, a
// published 51.2T switch), x 2.49 for 400G and slower (Arista 7050DX4-32S, 880 W / 353 W), rounded to the
// watt and marked estimated. No shipped row has a datasheet maximum yet, so the migrated figures are the
// seed's (data/catalog/switches.csv); a fresh build takes the seed's.
const char* const kSchemaV8 = R"SQL(
ALTER TABLE switches ADD COLUMN power_max_w REAL NOT NULL DEFAULT 0 CHECK (power_max_w >= 0);
ALTER TABLE switches ADD COLUMN power_max_estimated INTEGER NOT NULL DEFAULT 1 CHECK (power_max_estimated IN (0,1));
UPDATE switches SET power_max_estimated = 1, power_max_w = round(
    (SELECT power_w FROM parts WHERE parts.part = switches.part) *
    CASE WHEN breakouts LIKE '800x%' OR breakouts LIKE '%;800x%' OR breakouts LIKE '1600x%' OR breakouts LIKE '%;1600x%'
         THEN 2.08 ELSE 2.49 END);
)SQL";

// Version 9: the management networks' cages (issue 38). A 1 GbE BMC or switch management port is an RJ45
// jack (1000BASE-T, IEEE 802.3ab), the in-band switch NVIDIA's SuperPOD RA uses (SN4600C) has QSFP28 cages:
// the cage and form-factor checks of switches, NICs and transceivers accept 'QSFP28' and 'RJ45'. SQLite
// cannot alter a CHECK, so each table is rebuilt with the wider one (sqlite.org/lang_altertable.html,
// "Making Other Kinds Of Table Schema Changes"); every row of a version 8 file passes the wider check
// unchanged. Nothing references these tables, so dropping and renaming keeps every foreign key.
// Platforms gain their north-south ports (storage, in-band, BMC per node, the NIC standing for the storage
// and in-band ports' cage and speed, and the source): a migrated file gets none (0, no default networks)
// until the bundled catalog it is upgraded from brings them (data/catalog/platforms.csv, with sources).
const char* const kSchemaV9 = R"SQL(
CREATE TABLE switches_v9 (
  part TEXT PRIMARY KEY REFERENCES parts(part) ON DELETE CASCADE,
  protocol TEXT NOT NULL CHECK (protocol IN ('infiniband','ethernet','both')),
  asic TEXT NOT NULL DEFAULT '',
  cages INTEGER NOT NULL CHECK (cages > 0),
  cage_type TEXT NOT NULL CHECK (cage_type IN ('OSFP','QSFP-DD','QSFP112','QSFP56','QSFP28','RJ45')),
  cage_finned INTEGER NOT NULL DEFAULT 1 CHECK (cage_finned IN (0,1)),
  cage_power_class_w REAL NOT NULL DEFAULT 0 CHECK (cage_power_class_w >= 0),
  breakouts TEXT NOT NULL CHECK (length(breakouts) > 0),
  latency_ns INTEGER NOT NULL DEFAULT 0 CHECK (latency_ns >= 0),
  latency_estimated INTEGER NOT NULL DEFAULT 1 CHECK (latency_estimated IN (0,1)),
  rack_units INTEGER NOT NULL DEFAULT 1 CHECK (rack_units BETWEEN 1 AND 48),
  adaptive_routing INTEGER NOT NULL DEFAULT 0 CHECK (adaptive_routing IN (0,1)),
  open_optics INTEGER NOT NULL DEFAULT 0 CHECK (open_optics IN (0,1)),
  power_max_w REAL NOT NULL DEFAULT 0 CHECK (power_max_w >= 0),
  power_max_estimated INTEGER NOT NULL DEFAULT 1 CHECK (power_max_estimated IN (0,1))
) STRICT;
INSERT INTO switches_v9 (part, protocol, asic, cages, cage_type, cage_finned, cage_power_class_w, breakouts,
                         latency_ns, latency_estimated, rack_units, adaptive_routing, open_optics, power_max_w,
                         power_max_estimated)
  SELECT part, protocol, asic, cages, cage_type, cage_finned, cage_power_class_w, breakouts, latency_ns,
         latency_estimated, rack_units, adaptive_routing, open_optics, power_max_w, power_max_estimated
  FROM switches;
DROP TABLE switches;
ALTER TABLE switches_v9 RENAME TO switches;

CREATE TABLE nics_v9 (
  part TEXT PRIMARY KEY REFERENCES parts(part) ON DELETE CASCADE,
  protocol TEXT NOT NULL CHECK (protocol IN ('infiniband','ethernet','both')),
  ports INTEGER NOT NULL CHECK (ports > 0),
  port_gbps INTEGER NOT NULL CHECK (port_gbps > 0),
  cage_type TEXT NOT NULL CHECK (cage_type IN ('OSFP','QSFP-DD','QSFP112','QSFP56','QSFP28','RJ45')),
  cage_finned INTEGER NOT NULL DEFAULT 0 CHECK (cage_finned IN (0,1)),
  cage_power_class_w REAL NOT NULL DEFAULT 0 CHECK (cage_power_class_w >= 0),
  latency_ns INTEGER NOT NULL DEFAULT 0 CHECK (latency_ns >= 0),
  latency_estimated INTEGER NOT NULL DEFAULT 1 CHECK (latency_estimated IN (0,1)),
  packet_spraying INTEGER NOT NULL DEFAULT 0 CHECK (packet_spraying IN (0,1)),
  super_nic INTEGER NOT NULL DEFAULT 0 CHECK (super_nic IN (0,1)),
  eth_ports_per_cage INTEGER NOT NULL DEFAULT 1 CHECK (eth_ports_per_cage BETWEEN 1 AND 8),
  eth_port_gbps INTEGER NOT NULL DEFAULT 0
    CHECK (eth_port_gbps >= 0 AND eth_port_gbps * eth_ports_per_cage <= port_gbps
           AND (eth_port_gbps = 0 OR protocol <> 'infiniband')),
  open_optics INTEGER NOT NULL DEFAULT 0 CHECK (open_optics IN (0,1))
) STRICT;
INSERT INTO nics_v9 (part, protocol, ports, port_gbps, cage_type, cage_finned, cage_power_class_w, latency_ns,
                     latency_estimated, packet_spraying, super_nic, eth_ports_per_cage, eth_port_gbps, open_optics)
  SELECT part, protocol, ports, port_gbps, cage_type, cage_finned, cage_power_class_w, latency_ns,
         latency_estimated, packet_spraying, super_nic, eth_ports_per_cage, eth_port_gbps, open_optics
  FROM nics;
DROP TABLE nics;
ALTER TABLE nics_v9 RENAME TO nics;

CREATE TABLE transceivers_v9 (
  part TEXT PRIMARY KEY REFERENCES parts(part) ON DELETE CASCADE,
  protocol TEXT NOT NULL CHECK (protocol IN ('infiniband','ethernet','both')),
  form_factor TEXT NOT NULL CHECK (form_factor IN ('OSFP','QSFP-DD','QSFP112','QSFP56','QSFP28','RJ45')),
  finned INTEGER NOT NULL DEFAULT 0 CHECK (finned IN (0,1)),
  ports INTEGER NOT NULL DEFAULT 1 CHECK (ports IN (1,2)),
  port_gbps INTEGER NOT NULL CHECK (port_gbps > 0),
  lanes INTEGER NOT NULL CHECK (lanes > 0),
  modulation TEXT NOT NULL DEFAULT 'PAM4' CHECK (modulation IN ('PAM4','NRZ')),
  pmd TEXT NOT NULL CHECK (length(pmd) > 0),
  medium TEXT NOT NULL CHECK (medium IN ('multimode','singlemode')),
  wavelength_nm INTEGER NOT NULL CHECK (wavelength_nm BETWEEN 800 AND 1700),
  connector TEXT NOT NULL CHECK (connector IN ('MPO-12/APC','MPO-12/UPC','MPO-16/APC','MPO-16/UPC','LC-duplex')),
  reach_om3_m REAL NOT NULL DEFAULT 0 CHECK (reach_om3_m >= 0),
  reach_om4_m REAL NOT NULL DEFAULT 0 CHECK (reach_om4_m >= 0),
  reach_om5_m REAL NOT NULL DEFAULT 0 CHECK (reach_om5_m >= 0),
  reach_os2_m REAL NOT NULL DEFAULT 0 CHECK (reach_os2_m >= 0),
  channel_loss_db REAL NOT NULL DEFAULT 0 CHECK (channel_loss_db >= 0),
  loss_estimated INTEGER NOT NULL DEFAULT 0 CHECK (loss_estimated IN (0,1)),
  fec TEXT NOT NULL DEFAULT 'RS(544,514)',
  power_class_w REAL NOT NULL DEFAULT 0 CHECK (power_class_w >= 0),
  CHECK (reach_om3_m + reach_om4_m + reach_om5_m + reach_os2_m > 0)
) STRICT;
INSERT INTO transceivers_v9 SELECT part, protocol, form_factor, finned, ports, port_gbps, lanes, modulation, pmd,
  medium, wavelength_nm, connector, reach_om3_m, reach_om4_m, reach_om5_m, reach_os2_m, channel_loss_db,
  loss_estimated, fec, power_class_w FROM transceivers;
DROP TABLE transceivers;
ALTER TABLE transceivers_v9 RENAME TO transceivers;

-- What a rack-scale system carries in its rack beside the compute trays (NVLink switch trays and spine, the
-- rack's management switches, the trays' front-end NICs): included with the rack, listed in the BOM per
-- rack at no price. A migrated file gets the rows from the bundled catalog it is upgraded from.
CREATE TABLE rack_contents (
  system TEXT NOT NULL REFERENCES platforms(id) ON DELETE CASCADE,  -- a platforms id (GB200-NVL72)
  item TEXT NOT NULL CHECK (length(item) > 0),
  kind TEXT NOT NULL CHECK (kind IN ('nvlink_switch_tray','nvlink_spine','management_switch','front_end_nic')),
  description TEXT NOT NULL CHECK (length(description) > 0),
  per_rack INTEGER NOT NULL CHECK (per_rack BETWEEN 1 AND 256),
  source TEXT NOT NULL CHECK (length(source) > 0),
  notes TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (system, item)
) STRICT;

-- Its RJ45 cages take any Cat 5e/6 cord (NVIDIA sells none), as migration 7 marked the open-optics boxes.
UPDATE switches SET open_optics = 1 WHERE part = 'SN2201';

ALTER TABLE platforms ADD COLUMN storage_ports INTEGER NOT NULL DEFAULT 0 CHECK (storage_ports BETWEEN 0 AND 16);
ALTER TABLE platforms ADD COLUMN inband_ports INTEGER NOT NULL DEFAULT 0 CHECK (inband_ports BETWEEN 0 AND 16);
ALTER TABLE platforms ADD COLUMN ns_port_part TEXT REFERENCES parts(part);
ALTER TABLE platforms ADD COLUMN bmc_ports INTEGER NOT NULL DEFAULT 0 CHECK (bmc_ports BETWEEN 0 AND 4);
ALTER TABLE platforms ADD COLUMN ns_source TEXT NOT NULL DEFAULT ''
  CHECK (storage_ports + inband_ports + bmc_ports = 0 OR length(ns_source) > 0);
)SQL";

// Version 10: parallel optics at half their lanes (issue 40). NVIDIA's 400G SR4/DR4 modules run 200G on 2 of
// their 4 channels behind a 1:2 splitter fibre (MFP7E20 multimode, MFP7E40 single-mode), at less power, and
// the twin-port modules they hang from then feed four 200G hosts (docs.nvidia.com MMA1Z00NS400T/Overview,
// mms4x00ns400/overview, MMA4Z00NS400T/Connectivity+Scenarios, 800gmms4x00nst/overview). A file migrated
// from version 9 gets the figures version 10 shipped with for the bundled parts; a user's own module stays
// at its port speed (0) until its row says otherwise.
const char* const kSchemaV10 = R"SQL(
ALTER TABLE transceivers ADD COLUMN half_lane_gbps INTEGER NOT NULL DEFAULT 0
  CHECK (half_lane_gbps >= 0 AND (half_lane_gbps = 0 OR half_lane_gbps * 2 = port_gbps));
ALTER TABLE transceivers ADD COLUMN half_lane_power_w REAL NOT NULL DEFAULT 0 CHECK (half_lane_power_w >= 0);
UPDATE transceivers SET half_lane_gbps = 200
  WHERE part IN ('MMA4Z00-NS','MMA4Z00-NS-T','MMS4X00-NS','MMS4X00-NS-T','MMA4Z00-NS400','MMS4X00-NS400',
                 'MMA1Z00-NS400','MMS1X00-NS400') AND port_gbps = 400;
UPDATE transceivers SET half_lane_power_w = 6.5 WHERE part = 'MMA4Z00-NS400' AND half_lane_gbps = 200;
UPDATE transceivers SET half_lane_power_w = 5 WHERE part IN ('MMS4X00-NS400','MMA1Z00-NS400','MMS1X00-NS400')
  AND half_lane_gbps = 200;
)SQL";

// Version 11: a switch's uplink cages, a second kind beside its front-panel cages (issue 38). The SN2201
// management switch has 48 x 1GbE RJ45 for the managed ports and 4 x 100GbE QSFP28 uplinks (netbox
// devicetype-library Nvidia/SN2201.yaml: swp1-48 1000base-t, swp49-52 100gbase-x-qsfp28): its uplinks were
// wired on RJ45 ports at 1 Gb/s. A file migrated from version 10 learns the SN2201's; other switches have
// none (0 cages).
const char* const kSchemaV11 = R"SQL(
ALTER TABLE switches ADD COLUMN uplink_cages INTEGER NOT NULL DEFAULT 0 CHECK (uplink_cages BETWEEN 0 AND 64);
ALTER TABLE switches ADD COLUMN uplink_cage_type TEXT NOT NULL DEFAULT ''
  CHECK (uplink_cage_type IN ('','OSFP','QSFP-DD','QSFP112','QSFP56','QSFP28'));
ALTER TABLE switches ADD COLUMN uplink_breakouts TEXT NOT NULL DEFAULT '';
ALTER TABLE switches ADD COLUMN uplink_cage_power_class_w REAL NOT NULL DEFAULT 0
  CHECK (uplink_cage_power_class_w >= 0);
UPDATE switches SET uplink_cages = 4, uplink_cage_type = 'QSFP28', uplink_breakouts = '100x1',
  uplink_cage_power_class_w = 3.5 WHERE part = 'SN2201';
)SQL";

} // namespace

const std::vector<CatalogMigration>& catalogMigrations()
{
    // Append, never edit: migration N turns a version N-1 file into version N. Version 1 creates
    // the tables; a file at "version 0" is an empty database.
    static const std::vector<CatalogMigration> migrations = {
        {1, kSchemaV1},
        {2, kSchemaV2},
        {3, kSchemaV3},
        {4, kSchemaV4},
        {5, kSchemaV5},
        {6, kSchemaV6},
        {7, kSchemaV7},
        {8, kSchemaV8},
        {9, kSchemaV9},
        {10, kSchemaV10},
        {11, kSchemaV11},
    };
    return migrations;
}

int catalogFileSchemaVersion(const std::string& dbPath)
{
    SqliteDb db(dbPath, SqliteDb::Mode::ReadOnly);
    return catalogSchemaVersion(db);
}

int catalogSchemaVersion(const SqliteDb& db)
{
    const std::string& dbPath = db.path();
    SqliteStmt has(db, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name='schema_version'");
    has.step();
    if (has.integer(0) == 0) return 0;
    SqliteStmt q(db, "SELECT max(version) FROM schema_version");
    if (!q.step() || q.isNull(0))
        throw UserError("the catalog has no schema version", dbPath, "restore the bundled catalog");
    return static_cast<int>(q.integer(0));
}

int migrateCatalog(const std::string& dbPath, const std::vector<CatalogMigration>& migrations)
{
    int version = catalogFileSchemaVersion(dbPath);
    SqliteDb db(dbPath, SqliteDb::Mode::ReadWrite);
    SqliteTransaction tx(db);
    for (const CatalogMigration& m : migrations) {
        if (m.toVersion <= version) continue;
        if (m.toVersion != version + 1)
            throw UserError("no migration from catalog schema " + std::to_string(version) + " to " +
                                std::to_string(m.toVersion),
                            dbPath, "restore the bundled catalog");
        db.exec(m.sql);
        SqliteStmt set(db, "UPDATE schema_version SET version = ?");
        set.bindInt(1, m.toVersion).step();
        version = m.toVersion;
    }
    tx.commit();
    return version;
}

} // namespace fp
