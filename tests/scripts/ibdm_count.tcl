# ibdmsh script: parse a topology file with ibdm (IBDM_IBNL_PATH names the system definitions)
# and print how many nodes exist and how many port ends are connected; exit 1 if parsing fails.
# Usage: ibdmsh ibdm_count.tcl TOPOLOGY-FILE
set fabric [new_IBFabric]
if {[IBFabric_parseTopology $fabric [lindex $argv 0]]} { puts "PARSE-FAILED"; exit 1 }
set ends 0
set nodes 0
foreach nameNode [IBFabric_NodeByName_get $fabric] {
  set node [lindex $nameNode 1]
  incr nodes
  set n [IBNode_numPorts_get $node]
  for {set p 1} {$p <= $n} {incr p} {
    set port [IBNode_getPort $node $p]
    if {$port == ""} continue
    if {[IBPort_p_remotePort_get $port] != ""} { incr ends }
  }
}
puts "NODES $nodes PORTENDS $ends"
exit 0
