# scaling.gp - written by `searchlab plot results/scaling.csv --kind scaling`; edit freely, then run in
# this folder:  gnuplot scaling.gp  (PNG)   or   gnuplot -e "fmt='svg'" scaling.gp  (SVG)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 1400,600 dynamic font 'Sans,13' background rgb 'white'
    set output 'scaling.svg'
} else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 1400,600 font 'Sans,11' background rgb 'white'
    } else {
        set terminal png size 1400,600
    }
    set output 'scaling.png'
}
set termoption noenhanced
set datafile separator '\t'
set datafile missing '?'
set grid lc rgb '#dddddd'
set key outside right top vertical Left reverse noautotitle
set linetype 1 lc rgb '#0072b2' lw 2 pt 7 ps 1.1
set linetype 2 lc rgb '#d55e00' lw 2 pt 5 ps 1.1
set linetype 3 lc rgb '#009e73' lw 2 pt 9 ps 1.3
set linetype 4 lc rgb '#cc79a7' lw 2 pt 11 ps 1.3
set linetype 5 lc rgb '#e69f00' lw 2 pt 13 ps 1.3
set linetype 6 lc rgb '#56b4e9' lw 2 pt 4 ps 1.1
set linetype 7 lc rgb '#000000' lw 2 pt 6 ps 1.1
set linetype 8 lc rgb '#999999' lw 2 pt 8 ps 1.3
set linetype cycle 8
set multiplot layout 1,2 title 'Scaling: median over instances per size (bars: quartiles)'
set key inside left top Left reverse
set autoscale xfix
set offsets 0.3, 0.3, 0, 0
set logscale y
set xlabel 'board size n'
set xtics 1
set ylabel 'search time (total_ns)'
set format y '%.0s %cs'
set title 'time'
plot \
    'scaling.dat' index 0 using 1:2:3:4 with yerrorlines lt 1 title 'bt', \
    'scaling.dat' index 1 using 1:2:3:4 with yerrorlines lt 2 title 'fc', \
    'scaling.dat' index 2 using 1:2:3:4 with yerrorlines lt 3 title 'gac'
unset key
set ylabel 'nodes searched'
set format y '%.0s%c'
set title 'nodes'
plot \
    'scaling.dat' index 0 using 1:5:6:7 with yerrorlines lt 1 title 'bt', \
    'scaling.dat' index 1 using 1:5:6:7 with yerrorlines lt 2 title 'fc', \
    'scaling.dat' index 2 using 1:5:6:7 with yerrorlines lt 3 title 'gac'
unset multiplot
