# 'scaling.gp' - written by searchlab plot 'results/scaling.csv' --kind scaling; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
# the page: 8.50 cm x 12.23 cm, text 8 pt (PNG at 200 dpi)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 241,347 dynamic font 'Sans,8' linewidth 0.5 background rgb 'white'
    set output 'scaling.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 8.500cm,12.234cm font 'Sans,8' fontscale 0.75 linewidth 1 background rgb 'white'
    set output 'scaling.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 669,963 font 'Sans,8' fontscale 2.0833 linewidth 2.7778 background rgb 'white'
    } else {
        set terminal png size 669,963
    }
    set output 'scaling.png'
  }
}
set termoption noenhanced
set datafile separator '\t'
set datafile missing '?'
set grid lc rgb '#dddddd'
set key below left vertical Left reverse noautotitle maxcols 1 samplen 2 spacing 1
set linetype 1 lc rgb '#0072b2' lw 1.5 pt 7 ps 0.6
set linetype 2 lc rgb '#d55e00' lw 1.5 pt 5 ps 0.6
set linetype 3 lc rgb '#009e73' lw 1.5 pt 9 ps 0.7
set linetype 4 lc rgb '#cc79a7' lw 1.5 pt 11 ps 0.7
set linetype 5 lc rgb '#e69f00' lw 1.5 pt 13 ps 0.7
set linetype 6 lc rgb '#56b4e9' lw 1.5 pt 4 ps 0.6
set linetype 7 lc rgb '#000000' lw 1.5 pt 6 ps 0.6
set linetype 8 lc rgb '#999999' lw 1.5 pt 8 ps 0.7
set linetype 9 lc rgb '#8c564b' lw 1.5 pt 12 ps 0.7
set linetype cycle 9
dat = 'scaling.dat'
# per size, the median over the instances of that size of their median run (bars:
# quartiles; an unsolved run ranks above every solved one); a line joins the sizes
# of one family (1 here: one line each)
set multiplot title 'Scaling: median over the instances of each size'
unset key
set lmargin 11
set rmargin 2
set tmargin 1.5
set autoscale xfix
set offsets graph 0.04, graph 0.04, graph 0.03, graph 0.03
set logscale y
set xlabel 'board size n'
set xtics 1
set origin 0, 0.566797
set size 1, 0.375988
set ylabel 'CPU time'
set format y '%.0s %cs'
set arrow 1 from graph 0, first 1.000000000 to graph 1, first 1.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'time limit (1 s)' at graph 0.99, first 1.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
set yrange [*:2.000000000]
plot \
    dat index 0 using 1:2:3:4 with yerrorlines lt 1 notitle, \
    dat index 1 using 1:2 with points lt 1 pt 6 ps 1.2 notitle, \
    dat index 2 using 1:2:3:4 with yerrorlines lt 2 notitle, \
    dat index 4 using 1:2:3:4 with yerrorlines lt 3 notitle, \
    dat index 6 using 1:2:3:4 with yerrorlines lt 4 notitle
set origin 0, 0.190809
set size 1, 0.375988
set ylabel 'nodes searched'
set format y '%.0s%c'
unset arrow 1
unset label 1
set yrange [1:*]
plot \
    dat index 0 using 1:5:6:7 with yerrorlines lt 1 notitle, \
    dat index 1 using 1:5 with points lt 1 pt 6 ps 1.2 notitle, \
    dat index 2 using 1:5:6:7 with yerrorlines lt 2 notitle, \
    dat index 4 using 1:5:6:7 with yerrorlines lt 3 notitle, \
    dat index 6 using 1:5:6:7 with yerrorlines lt 4 notitle
unset arrow 1
unset label 1
unset title
unset border
unset tics
unset xlabel
unset ylabel
unset logscale
unset grid
set xrange [0:1]
set yrange [0:1]
set origin 0, 0
set size 1, 0.190809
set lmargin 0
set rmargin 0
set tmargin 0
set bmargin 0
set key inside left top Left reverse maxcols 1
plot \
    NaN with linespoints lt 1 title 'bt (45 of 108 runs unsolved)', \
    NaN with linespoints lt 2 title 'fc (6 of 108 runs unsolved)', \
    NaN with linespoints lt 3 title 'gac', \
    NaN with linespoints lt 4 title 'gac:alldiff=domain', \
    NaN with points pt 6 ps 1.2 lc rgb '#000000' title 'median instance not solved (at the limit)'
unset multiplot
